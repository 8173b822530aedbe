import { DateTime, Interval } from 'luxon';
import type { CalendarSettings } from './calendar.events';

export interface ScheduledSlot {
  /** UTC instant, ISO: also the slot's id within its calendar. */
  readonly start: string;
  readonly end: string;
  /** The facility-local day it falls on, YYYY-MM-DD. */
  readonly day: string;
}

/** A slot's id: its UTC start, to the minute. */
export const slotId = (start: DateTime | string): string =>
  (typeof start === 'string' ? DateTime.fromISO(start, { zone: 'utc' }) : start)
    .toUTC()
    .toISO({ suppressMilliseconds: true, suppressSeconds: false })!;

/**
 * The slots a calendar has on the facility-local days [fromDay, fromDay + days): working days only,
 * within date_from..date_to, from first_hour to last_hour every time_step minutes, and none that
 * overlaps a marked (blocked) time span. Local times that do not exist (the spring-forward hour)
 * are skipped; repeated ones (the fall-back hour) are offered once each.
 */
export function scheduledSlots(
  settings: CalendarSettings,
  fromDay: string,
  days: number,
): ScheduledSlot[] {
  const zone = settings.time_zone;
  const blocked = settings.marked_time_spans.map((span) =>
    Interval.fromDateTimes(DateTime.fromISO(span.start), DateTime.fromISO(span.end)),
  );
  const slots: ScheduledSlot[] = [];
  const first = DateTime.fromISO(fromDay, { zone });
  for (let d = 0; d < days; d += 1) {
    const date = first.plus({ days: d });
    const day = date.toISODate()!;
    if (day < settings.date_from || (settings.date_to && day > settings.date_to)) continue;
    if (!settings.working_days.includes(date.weekday)) continue;
    for (
      let minutes = settings.first_hour * 60;
      minutes + settings.time_step <= settings.last_hour * 60;
      minutes += settings.time_step
    ) {
      const hour = Math.floor(minutes / 60);
      const minute = minutes % 60;
      const start = DateTime.fromObject(
        { year: date.year, month: date.month, day: date.day, hour, minute },
        { zone },
      );
      if (!start.isValid || start.hour !== hour || start.minute !== minute) continue;
      const end = start.plus({ minutes: settings.time_step });
      const span = Interval.fromDateTimes(start, end);
      if (blocked.some((b) => b.overlaps(span))) continue;
      slots.push({ start: slotId(start), end: slotId(end), day });
    }
  }
  return slots;
}

/** Whether an instant is the start of one of the calendar's slots (and which). */
export function findSlot(settings: CalendarSettings, start: string): ScheduledSlot | null {
  const instant = DateTime.fromISO(start, { zone: 'utc' });
  if (!instant.isValid) return null;
  const id = slotId(instant);
  const day = instant.setZone(settings.time_zone).toISODate()!;
  return scheduledSlots(settings, day, 1).find((slot) => slot.start === id) ?? null;
}
