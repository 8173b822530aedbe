import { DateTime } from 'luxon';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import { openSpans, scheduledSlots } from '../scheduling/domain/slot-schedule';

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
  'weekly_hours',
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
    const days = daysReaching(version, untilMs, weekMs);
    if (!days) return;
    for (let d = days.from; d < days.from + days.count; d += 1) {
      places +=
        slotsStartingIn(version.settings, addDays(weekStart, d), version.fromMs, untilMs) *
        version.settings.booking_capacity;
    }
  });
  return places;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** More than any zone's offset (UTC-12 to UTC+14) and a clock change's hour. */
const DAY_EDGE_MS = 15 * HOUR_MS;

/**
 * The days of the week (from its Monday, how many) with slots that may start in the version's
 * time: a day's slots start between its first and last hour, local time, so a version of a few
 * minutes makes a day or two of slots, not the whole week's (calendars changed many times a week
 * made each change count the whole week again). The other days' slots all fall outside it.
 */
function daysReaching(
  version: ScheduleVersion,
  untilMs: number,
  weekMs: number,
): { from: number; count: number } | null {
  const { first_hour: firstHour, last_hour: lastHour } = version.settings;
  let from = -1;
  let to = -1;
  for (let d = 0; d < 7; d += 1) {
    const dayMs = weekMs + d * DAY_MS;
    const earliest = dayMs + Math.min(0, firstHour) * HOUR_MS - DAY_EDGE_MS;
    const latest = dayMs + Math.max(24, lastHour) * HOUR_MS + DAY_EDGE_MS;
    if (earliest < untilMs && latest > version.fromMs) {
      if (from === -1) from = d;
      to = d;
    }
  }
  return from === -1 ? null : { from, count: to - from + 1 };
}

/**
 * Whether a local day starts at 00:00 and keeps one UTC offset all day (the same test as the
 * slot schedule's): its first instant, epoch ms, or null for a day the clocks change on (or whose
 * midnight they skip or repeat). Asked of the zone rules once per zone and day, up to a bound.
 */
const steadyMidnights = new Map<string, number | null>();
function steadyMidnight(zone: string, day: string): number | null {
  const key = `${zone}|${day}`;
  const known = steadyMidnights.get(key);
  if (known !== undefined) return known;
  const midnight = DateTime.fromISO(day, { zone }).startOf('day');
  const next = DateTime.fromISO(addDays(day, 1), { zone }).startOf('day');
  const steady =
    midnight.hour === 0 &&
    midnight.minute === 0 &&
    next.hour === 0 &&
    next.minute === 0 &&
    next.toMillis() - midnight.toMillis() === DAY_MS &&
    midnight.offset === next.offset &&
    DateTime.fromMillis(midnight.toMillis() - 3 * HOUR_MS, { zone }).offset === midnight.offset;
  const value = steady ? midnight.toMillis() : null;
  if (steadyMidnights.size >= MEMO_LIMIT) steadyMidnights.clear();
  steadyMidnights.set(key, value);
  return value;
}

/** A version's blocked spans as epoch ms, read once per settings object. */
const blockedSpans = new WeakMap<CalendarSettings, readonly (readonly [number, number])[]>();
function blockedOf(settings: CalendarSettings): readonly (readonly [number, number])[] {
  let spans = blockedSpans.get(settings);
  if (!spans) {
    spans = settings.marked_time_spans.map(
      (span) => [Date.parse(span.start), Date.parse(span.end)] as const,
    );
    blockedSpans.set(settings, spans);
  }
  return spans;
}

/**
 * How many of a calendar's slots on a local day (those scheduledSlots gives for it) start in
 * [fromMs, untilMs). A day with one offset all day has its slots at its midnight plus whole steps:
 * they are counted as numbers, none formatted (formatting every slot of every week was most of a
 * replay's time). A day the clocks change on is left to scheduledSlots itself.
 */
export function slotsStartingIn(
  settings: CalendarSettings,
  day: string,
  fromMs: number,
  untilMs: number,
): number {
  if (day < settings.date_from || (settings.date_to && day > settings.date_to)) return 0;
  const midnightMs = steadyMidnight(settings.time_zone, day);
  if (midnightMs === null) {
    let count = 0;
    for (const slot of scheduledSlots(settings, day, 1)) {
      const startMs = Date.parse(slot.start);
      if (startMs >= fromMs && startMs < untilMs) count += 1;
    }
    return count;
  }
  // A steady day's midnight is 00:00 of the day itself: its weekday is the date's (ISO, 1-7).
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  const spans = openSpans(settings)[weekday]!;
  if (spans.length === 0) return 0;
  const blocked = blockedOf(settings);
  const stepMs = settings.time_step * 60_000;
  let count = 0;
  // The same walk over the day's spans as scheduledSlots', in the same arithmetic.
  for (const [spanFrom, spanTo] of spans) {
    for (
      let minutes = spanFrom;
      minutes + settings.time_step <= spanTo;
      minutes += settings.time_step
    ) {
      const startMs = midnightMs + minutes * 60_000;
      if (startMs < fromMs || startMs >= untilMs) continue;
      const endMs = startMs + stepMs;
      if (blocked.some(([from, to]) => from < endMs && startMs < to)) continue;
      count += 1;
    }
  }
  return count;
}
