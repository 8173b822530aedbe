import { slotId } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { CalendarSettings } from './calendar.events';

// Callers that still import the slot id from here; it is the contracts' one.

export interface ScheduledSlot {
  /** UTC instant, ISO: also the slot's id within its calendar. */
  readonly start: string;
  readonly end: string;
  /** The facility-local day it falls on, YYYY-MM-DD. */
  readonly day: string;
}

/**
 * An ISO instant as epoch ms (NaN when it is none). One with an explicit offset or Z is what
 * Date.parse reads exactly; one without is read as UTC, as luxon with zone 'utc' would.
 */
function instantMs(iso: string): number {
  if (EXPLICIT_OFFSET.test(iso)) return Date.parse(iso);
  const parsed = DateTime.fromISO(iso, { zone: 'utc' });
  return parsed.isValid ? parsed.toMillis() : Number.NaN;
}

const EXPLICIT_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/** Zone facts are pure functions of their inputs: remembered, up to a bound, across requests. */
const MEMO_LIMIT = 20_000;
function remembered<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  const known = memo.get(key);
  if (known !== undefined) return known;
  const value = compute();
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

interface LocalDay {
  /** The day's first instant in the zone, epoch ms. */
  readonly midnightMs: number;
  /** Whether its UTC offset is the same all day (not a day the clocks change). */
  readonly steady: boolean;
  /** ISO weekday, 1 (Monday) to 7. */
  readonly weekday: number;
}

const localDays = new Map<string, LocalDay>();
/** A facility-local day's facts (the zone rules are asked once per zone and day). */
function localDay(zone: string, day: string): LocalDay {
  return remembered(localDays, `${zone}|${day}`, () => {
    const midnight = DateTime.fromISO(day, { zone }).startOf('day');
    return {
      midnightMs: midnight.toMillis(),
      steady: midnight.offset === midnight.endOf('day').offset,
      weekday: midnight.weekday,
    };
  });
}

const QUARTER_HOUR_MS = 15 * 60_000;
const daysOfInstants = new Map<string, string>();
/**
 * The facility-local day an instant falls on. Every zone's offset is a whole number of quarter
 * hours, so local midnight falls on a UTC quarter hour and all of one quarter hour is one day.
 */
function localDayOf(zone: string, ms: number): string {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  return remembered(daysOfInstants, `${zone}|${quarter}`, () =>
    DateTime.fromMillis(quarter * QUARTER_HOUR_MS, { zone }).toISODate()!,
  );
}

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
  /** Only the slot starting at this instant (epoch ms), if there is one. */
  onlyStartMs?: number,
): ScheduledSlot[] {
  const zone = settings.time_zone;
  const blocked = settings.marked_time_spans.map((span) => [
    Date.parse(span.start),
    Date.parse(span.end),
  ]);
  const isBlocked = (startMs: number, endMs: number) =>
    blocked.some(([from, to]) => from! < endMs && startMs < to!);
  const stepMs = settings.time_step * 60_000;
  const slots: ScheduledSlot[] = [];
  if (Number.isNaN(Date.parse(`${fromDay}T00:00:00Z`))) return slots;
  for (let d = 0; d < days; d += 1) {
    const day = addDays(fromDay, d);
    if (day < settings.date_from || (settings.date_to && day > settings.date_to)) continue;
    const { midnightMs, steady, weekday } = localDay(zone, day);
    if (!settings.working_days.includes(weekday)) continue;
    // Most days have one UTC offset all day: their slots are plain arithmetic. Only the two
    // days a year that change it go through the zone rules slot by slot.
    for (
      let minutes = settings.first_hour * 60;
      minutes + settings.time_step <= settings.last_hour * 60;
      minutes += settings.time_step
    ) {
      let startMs: number;
      if (steady) {
        startMs = midnightMs + minutes * 60_000;
      } else {
        const hour = Math.floor(minutes / 60);
        const minute = minutes % 60;
        const [year, month, date] = day.split('-').map(Number) as [number, number, number];
        const local = DateTime.fromObject({ year, month, day: date, hour, minute }, { zone });
        if (!local.isValid || local.hour !== hour || local.minute !== minute) continue;
        startMs = local.toMillis();
      }
      if (onlyStartMs !== undefined && startMs !== onlyStartMs) continue;
      const endMs = startMs + stepMs;
      if (isBlocked(startMs, endMs)) continue;
      slots.push({ start: slotId(startMs), end: slotId(endMs), day });
    }
  }
  return slots;
}

/** A calendar day (YYYY-MM-DD) some days later; calendar days are zone-free. */
function addDays(day: string, days: number): string {
  if (days === 0) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether an instant is the start of one of the calendar's slots (and which). */
export function findSlot(settings: CalendarSettings, start: string): ScheduledSlot | null {
  const ms = instantMs(start);
  if (Number.isNaN(ms)) return null;
  const id = slotId(ms);
  const day = localDayOf(settings.time_zone, ms);
  // Only the requested start is formatted: a day has hundreds of slots.
  const [slot] = scheduledSlots(settings, day, 1, ms - (((ms % 60_000) + 60_000) % 60_000));
  return slot?.start === id ? slot : null;
}
