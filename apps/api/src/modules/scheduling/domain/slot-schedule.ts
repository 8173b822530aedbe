import { minutesOfDay, slotId } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { type CalendarSettings, weeklyHoursIn } from './calendar.events';

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
  /**
   * Whether the day starts at 00:00 local and keeps one UTC offset all day (not a day the clocks
   * change, nor one whose midnight the clocks skip, as Santiago's and Cairo's do).
   */
  readonly steady: boolean;
  /** ISO weekday, 1 (Monday) to 7. */
  readonly weekday: number;
  /** Every UTC offset (minutes) the zone has around the day: what a local time can mean. */
  readonly offsets: readonly number[];
}

const localDays = new Map<string, LocalDay>();
/** A facility-local day's facts (the zone rules are asked once per zone and day). */
function localDay(zone: string, day: string): LocalDay {
  return remembered(localDays, `${zone}|${day}`, () => {
    const midnight = DateTime.fromISO(day, { zone }).startOf('day');
    const next = DateTime.fromISO(addDays(day, 1), { zone }).startOf('day');
    // luxon's endOf('day') is not to be trusted on a day that ends early (the clocks skip its
    // last hour): a steady day is exactly 24 hours from a 00:00 to the next day's 00:00.
    const steady =
      midnight.hour === 0 &&
      midnight.minute === 0 &&
      next.hour === 0 &&
      next.minute === 0 &&
      next.toMillis() - midnight.toMillis() === 86_400_000 &&
      midnight.offset === next.offset &&
      // Nor a day whose 00:00 happens twice (Havana falls back at 01:00 to 00:00): luxon's
      // startOf('day') is then the second 00:00.
      DateTime.fromMillis(midnight.toMillis() - 3 * 3_600_000, { zone }).offset === midnight.offset;
    const offsets = new Set<number>([midnight.offset, next.offset]);
    if (!steady) {
      // Hour by hour from a day before to a day after the local day: every offset it may use.
      const wall = Date.parse(`${day}T00:00:00Z`);
      for (let h = -26; h <= 50; h += 1) {
        offsets.add(DateTime.fromMillis(wall + h * 3_600_000, { zone }).offset);
      }
    }
    return {
      midnightMs: midnight.toMillis(),
      steady,
      weekday: midnight.weekday,
      offsets: [...offsets],
    };
  });
}

/** [start, end) minutes from local midnight of a weekday's spans, in order. */
export type DaySpans = readonly (readonly [number, number])[];

const spansOfSettings = new WeakMap<CalendarSettings, readonly DaySpans[]>();
/**
 * A calendar's open spans by ISO weekday (index 1 to 7, 0 unused), read once per settings
 * object: its weekly hours, or first_hour to last_hour on each working day.
 */
export function openSpans(settings: CalendarSettings): readonly DaySpans[] {
  let spans = spansOfSettings.get(settings);
  if (!spans) {
    const byDay: DaySpans[] = [[], [], [], [], [], [], [], []];
    for (const day of weeklyHoursIn(settings)) {
      byDay[day.weekday] = day.spans
        .map((span) => [minutesOfDay(span.start), minutesOfDay(span.end)] as const)
        .sort((a, b) => a[0] - b[0]);
    }
    spans = byDay;
    spansOfSettings.set(settings, spans);
  }
  return spans;
}

/**
 * The instants at which a local wall-clock time happens on a day: none in a spring-forward gap,
 * two in a fall-back repeat (earlier first), one otherwise.
 */
function instantsOfLocalTime(zone: string, wallMs: number, offsets: readonly number[]): number[] {
  const instants = new Set<number>();
  for (const offset of offsets) {
    const candidate = wallMs - offset * 60_000;
    if (DateTime.fromMillis(candidate, { zone }).offset === offset) instants.add(candidate);
  }
  return [...instants].sort((a, b) => a - b);
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
 * The slots a calendar has on the facility-local days [fromDay, fromDay + days): within
 * date_from..date_to, in each span of the weekday's hours (its weekly hours, or first_hour to
 * last_hour on working days) every time_step minutes from the span's start, a slot ending by the
 * span's end, and none that overlaps a marked (blocked) time span. Times are local wall-clock times: one that does not exist
 * (the spring-forward gap) is skipped, one that happens twice (the fall-back hour) is offered at
 * both of its instants, and a day whose midnight the clocks skip still opens at its first hour.
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
  let repeated = false;
  if (Number.isNaN(Date.parse(`${fromDay}T00:00:00Z`))) return slots;
  for (let d = 0; d < days; d += 1) {
    const day = addDays(fromDay, d);
    if (day < settings.date_from || (settings.date_to && day > settings.date_to)) continue;
    const { midnightMs, steady, weekday, offsets } = localDay(zone, day);
    const spans = openSpans(settings)[weekday]!;
    if (spans.length === 0) continue;
    const wallMidnight = Date.parse(`${day}T00:00:00Z`);
    // Most days have one UTC offset all day: their slots are plain arithmetic. Only the days
    // that change it go through the zone rules slot by slot.
    for (const [from, to] of spans) {
      for (let minutes = from; minutes + settings.time_step <= to; minutes += settings.time_step) {
        const starts = steady
          ? [midnightMs + minutes * 60_000]
          : instantsOfLocalTime(zone, wallMidnight + minutes * 60_000, offsets);
        if (starts.length > 1) repeated = true;
        for (const startMs of starts) {
          if (onlyStartMs !== undefined && startMs !== onlyStartMs) continue;
          const endMs = startMs + stepMs;
          if (isBlocked(startMs, endMs)) continue;
          slots.push({ start: slotId(startMs), end: slotId(endMs), day });
        }
      }
    }
  }
  // A repeated hour's two instants were produced together: put every slot in time order.
  if (repeated) slots.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
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
