import { DateTime } from 'luxon';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import { scheduledSlots } from '../scheduling/domain/slot-schedule';

/** A calendar's settings from an instant on, until the next version's instant. */
export interface ScheduleVersion {
  readonly fromMs: number;
  readonly settings: CalendarSettings;
}

/** The fields that decide which slot places a calendar offers: a change to another offers the same. */
const SCHEDULE_FIELDS = [
  'time_zone',
  'first_hour',
  'last_hour',
  'time_step',
  'working_days',
  'date_from',
  'date_to',
  'booking_capacity',
  'marked_time_spans',
] as const satisfies readonly (keyof CalendarSettings)[];

export const sameSchedule = (a: CalendarSettings, b: CalendarSettings): boolean =>
  SCHEDULE_FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));

/** A calendar day some days later; calendar days are zone-free. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday (YYYY-MM-DD) of the week a calendar day falls in. */
export const mondayOf = (day: string): string =>
  addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/**
 * Every zone's offset is a whole number of quarter hours, so all of one UTC quarter hour is one
 * local day: the zone rules are asked once per zone and quarter hour (they were most of a
 * replay's time), remembered up to a bound.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const MEMO_LIMIT = 20_000;
const localDays = new Map<string, string>();

/** The Monday (YYYY-MM-DD) of the week an instant falls in, in the zone. */
export function weekOf(instant: string, zone: string): string {
  const quarter = Math.floor(Date.parse(instant) / QUARTER_HOUR_MS);
  const key = `${zone}|${quarter}`;
  let day = localDays.get(key);
  if (day === undefined) {
    day = DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone }).toISODate()!;
    if (localDays.size >= MEMO_LIMIT) localDays.clear();
    localDays.set(key, day);
  }
  return mondayOf(day);
}

/** Every week's Monday from the first to the last, both included. */
export function weeksFrom(first: string, last: string): string[] {
  const weeks: string[] = [];
  for (let week = first; week <= last; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Wider than any zone's offset: a version that ends this long before a week cannot reach it. */
const ZONE_MARGIN_MS = 2 * 86_400_000;

/**
 * The slot places a calendar offered in the week that starts on `weekStart` (a Monday in its
 * zone): each slot of the week counted under the settings in force at its start (its schedule,
 * blocked spans and capacity), so a change counts from the moment it was made and the weeks
 * before it keep what they offered. Slots before the first version (the calendar's creation)
 * were never offered.
 */
export function placesOffered(versions: readonly ScheduleVersion[], weekStart: string): number {
  const weekMs = Date.parse(`${weekStart}T00:00:00Z`);
  let places = 0;
  versions.forEach((version, i) => {
    const untilMs = versions[i + 1]?.fromMs ?? Number.POSITIVE_INFINITY;
    if (
      untilMs < weekMs - ZONE_MARGIN_MS ||
      version.fromMs > weekMs + 7 * 86_400_000 + ZONE_MARGIN_MS
    )
      return;
    for (const slot of scheduledSlots(version.settings, weekStart, 7)) {
      const startMs = Date.parse(slot.start);
      if (startMs >= version.fromMs && startMs < untilMs)
        places += version.settings.booking_capacity;
    }
  });
  return places;
}
