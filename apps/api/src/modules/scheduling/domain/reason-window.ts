import { DateTime } from 'luxon';
import type { CalendarSettings } from './calendar.events';

/**
 * A visit reason's week_time_frame: [from, to] weeks from today, in the facility's zone. The
 * reason is bookable on the days from today + 7·from up to, not including, today + 7·to; a single
 * number n means the next n weeks; none (or an empty list) leaves the calendar's dates as they are.
 */
export function reasonWindow(
  weekTimeFrame: readonly number[] | undefined,
  zone: string,
  now: Date,
): { from: string; to: string } | null {
  if (!weekTimeFrame || weekTimeFrame.length === 0) return null;
  const [first, second] = weekTimeFrame;
  const [fromWeeks, toWeeks] = second === undefined ? [0, first!] : [first!, second];
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  return {
    from: today.plus({ weeks: fromWeeks }).toISODate()!,
    to: today.plus({ weeks: toWeeks, days: -1 }).toISODate()!,
  };
}

/** Whether a calendar offers a reason: one that lists reasons offers those alone. */
export const offersReason = (settings: CalendarSettings, title: string): boolean =>
  !settings.reasons?.length || settings.reasons.includes(title);

/** The calendar as a reason sees it: its dates narrowed to the reason's window of weeks. */
export function forReason(
  settings: CalendarSettings,
  weekTimeFrame: readonly number[] | undefined,
  now: Date,
): CalendarSettings {
  const window = reasonWindow(weekTimeFrame, settings.time_zone, now);
  if (!window) return settings;
  const from = window.from > settings.date_from ? window.from : settings.date_from;
  const to = settings.date_to && settings.date_to < window.to ? settings.date_to : window.to;
  return { ...settings, date_from: from, date_to: to };
}
