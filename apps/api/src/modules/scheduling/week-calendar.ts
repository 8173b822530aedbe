import type { DayView, WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { CalendarSettings } from './domain/calendar.events';
import { scheduledSlots } from './domain/slot-schedule';

export const WEEK_DAYS = 5;

/**
 * The spec's calendar load (second document, 4.3): five facility-local days from the start date
 * (never before today); when today is among them, nothing earlier than now plus
 * minutes_before_showing_slots; with slots_hide_hours of 120 or more, a week that starts on the day
 * of now plus that many hours starts at that moment plus 60 minutes; online_booking_disabled offers
 * nothing;
 * a slot with no place left is not offered.
 */
export function weekView(
  settings: CalendarSettings,
  requestedStart: string | undefined,
  now: Date,
  freePlaces: ReadonlyMap<string, number>,
): WeekView {
  const zone = settings.time_zone;
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  let start = requestedStart ? DateTime.fromISO(requestedStart, { zone }) : today;
  if (!start.isValid || start < today) start = today;
  const end = start.plus({ days: WEEK_DAYS - 1 });
  const view = {
    calendar_id: settings.calendar_id,
    time_zone: zone,
    start_date: start.toISODate()!,
    end_date: end.toISODate()!,
    online_booking_disabled: settings.online_booking_disabled,
  };
  if (settings.online_booking_disabled) return { ...view, days: [] };

  let earliest = DateTime.fromJSDate(now, { zone });
  if (start.hasSame(today, 'day')) {
    earliest = earliest.plus({ minutes: settings.minutes_before_showing_slots });
  }
  if (settings.slots_hide_hours >= 120) {
    // Section 4.3: when the week starts on the day of now plus slots_hide_hours, it starts at
    // that moment plus 60 minutes.
    const hiddenUntil = DateTime.fromJSDate(now, { zone }).plus({
      hours: settings.slots_hide_hours,
    });
    if (start.hasSame(hiddenUntil, 'day')) {
      const later = hiddenUntil.plus({ minutes: 60 });
      if (later > earliest) earliest = later;
    }
  }
  const byDay = new Map<string, DayView['time_slots'][number][]>();
  const earliestMs = earliest.toMillis();
  for (const slot of scheduledSlots(settings, view.start_date, WEEK_DAYS)) {
    if (Date.parse(slot.start) < earliestMs) continue;
    const left = freePlaces.get(slot.start) ?? settings.booking_capacity;
    if (left <= 0) continue;
    const list = byDay.get(slot.day) ?? [];
    list.push({
      id: slot.start,
      calendar_id: settings.calendar_id,
      start_date: slot.start,
      end_date: slot.end,
      booking_capacity: left,
      is_available: true,
    });
    byDay.set(slot.day, list);
  }
  const days: DayView[] = [];
  for (let d = 0; d < WEEK_DAYS; d += 1) {
    const day = start.plus({ days: d }).toISODate()!;
    days.push({ day, calendar_id: settings.calendar_id, time_slots: byDay.get(day) ?? [] });
  }
  return { ...view, days };
}

/** How far ahead next availability looks: the week scroller's 24 months. */
export const NEXT_AVAILABILITY_DAYS = 731;

/**
 * The first slot with a free place on or after a day (never before what the week view would show
 * now), or null when the calendar has none within 24 months.
 */
export function nextAvailability(
  settings: CalendarSettings,
  fromDay: string | undefined,
  now: Date,
  freePlaces: ReadonlyMap<string, number>,
): { day: string; start_date: string } | null {
  if (settings.online_booking_disabled) return null;
  const zone = settings.time_zone;
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  let start = fromDay ? DateTime.fromISO(fromDay, { zone }) : today;
  if (!start.isValid || start < today) start = today;
  const earliestMs = now.getTime() + settings.minutes_before_showing_slots * 60_000;
  const remainingDays = NEXT_AVAILABILITY_DAYS - Math.round(start.diff(today, 'days').days);
  // A week at a time keeps each step small; the first free slot ends the search.
  for (let offset = 0; offset < remainingDays; offset += 7) {
    const day = start.plus({ days: offset }).toISODate()!;
    for (const slot of scheduledSlots(settings, day, Math.min(7, remainingDays - offset))) {
      if (Date.parse(slot.start) < earliestMs) continue;
      if ((freePlaces.get(slot.start) ?? settings.booking_capacity) > 0) {
        return { day: slot.day, start_date: slot.start };
      }
    }
  }
  return null;
}
