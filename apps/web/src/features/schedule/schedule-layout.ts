import type {
  AppointmentStatus,
  ScheduleAppointment,
  ScheduleCalendar,
  ScheduleColumn,
  ScheduleSlot,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import { DATE_FORMATS } from '../../shared/i18n/dates';

/** Vertical scale of the grid: an hour is 96 px, a 30-minute slot 48 px (two lines of text). */
export const PX_PER_MINUTE = 1.6;

/** The smallest block: one line of text stays readable for a 10-minute visit. */
const MIN_BLOCK_PX = 22;

export type PlacedItem =
  | { readonly kind: 'appointment'; readonly appointment: ScheduleAppointment; readonly box: Box }
  | {
      readonly kind: 'free' | 'held';
      readonly slot: ScheduleSlot;
      readonly past: boolean;
      readonly box: Box;
    };

/** Where an item sits in its column: px from the top, and its lane among overlapping items. */
export interface Box {
  readonly top: number;
  readonly height: number;
  readonly lane: number;
  readonly lanes: number;
  readonly startMinute: number;
  readonly endMinute: number;
}

/** The minutes of the local day an instant falls on, for one column (its zone and day). */
export function minuteClock(day: string, zone: string): (iso: string) => number {
  const midnight = DateTime.fromISO(day, { zone }).startOf('day');
  const midnightMs = midnight.toMillis();
  const steady = midnight.offset === midnight.endOf('day').offset;
  // Most days keep one offset: plain arithmetic. A day the clocks change asks luxon each time.
  return steady
    ? (iso) => (Date.parse(iso) - midnightMs) / 60_000
    : (iso) => {
        const local = DateTime.fromISO(iso, { zone });
        return local.hour * 60 + local.minute;
      };
}

/** The hours every column's grid spans: the calendars' hours and anything booked outside them. */
export function gridHours(
  columns: readonly ScheduleColumn[],
  calendars: ReadonlyMap<string, ScheduleCalendar>,
): { readonly firstMinute: number; readonly lastMinute: number } {
  let first = Infinity;
  let last = -Infinity;
  for (const column of columns) {
    const calendar = calendars.get(column.calendar_id);
    if (!calendar) continue;
    if (column.slots.length > 0) {
      first = Math.min(first, calendar.first_hour * 60);
      last = Math.max(last, calendar.last_hour * 60);
    }
    if (column.appointments.length > 0) {
      const clock = minuteClock(column.day, calendar.time_zone);
      for (const a of column.appointments) {
        first = Math.min(first, clock(a.start_date));
        last = Math.max(last, Math.min(24 * 60, clock(a.end_date)));
      }
    }
  }
  if (first === Infinity) return { firstMinute: 8 * 60, lastMinute: 18 * 60 };
  return {
    firstMinute: Math.max(0, Math.floor(first / 60) * 60),
    lastMinute: Math.min(
      24 * 60,
      Math.max(Math.ceil(last / 60) * 60, Math.floor(first / 60) * 60 + 60),
    ),
  };
}

interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * Side by side where they overlap: items are taken by start (appointments before free places that
 * start with them), each into the first lane free at its start; a run of overlapping items shares
 * the number of lanes its busiest moment needs.
 */
function lanesOf(spans: readonly Span[]): { lane: number; lanes: number }[] {
  const placed = spans.map(() => ({ lane: 0, lanes: 1 }));
  let run: number[] = [];
  let laneEnds: number[] = [];
  let runEnd = -Infinity;
  const close = () => {
    for (const index of run) placed[index]!.lanes = laneEnds.length;
    run = [];
    laneEnds = [];
  };
  spans.forEach((span, index) => {
    if (span.start >= runEnd) {
      close();
      runEnd = -Infinity;
    }
    let lane = laneEnds.findIndex((end) => end <= span.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(span.end);
    } else laneEnds[lane] = span.end;
    placed[index]!.lane = lane;
    run.push(index);
    runEnd = Math.max(runEnd, span.end);
  });
  close();
  return placed;
}

/**
 * A column's blocks and places: each appointment, each slot with places left (free, or past when
 * it has gone by), and each slot whose places are all held by someone still booking.
 */
export function layoutColumn(
  column: ScheduleColumn,
  zone: string,
  firstMinute: number,
  nowMs: number,
): PlacedItem[] {
  const clock = minuteClock(column.day, zone);
  const booked = new Map<string, number>();
  for (const a of column.appointments)
    booked.set(a.start_date, (booked.get(a.start_date) ?? 0) + 1);
  type Draft =
    | { kind: 'appointment'; appointment: ScheduleAppointment; start: number; end: number }
    | { kind: 'free' | 'held'; slot: ScheduleSlot; past: boolean; start: number; end: number };
  const drafts: Draft[] = column.appointments.map((appointment) => ({
    kind: 'appointment',
    appointment,
    start: clock(appointment.start_date),
    end: clock(appointment.end_date),
  }));
  for (const slot of column.slots) {
    const taken = slot.capacity - slot.booking_capacity;
    const held = taken - (booked.get(slot.start_date) ?? 0);
    const kind = slot.booking_capacity > 0 ? 'free' : held > 0 ? 'held' : null;
    if (!kind) continue;
    drafts.push({
      kind,
      slot,
      past: Date.parse(slot.start_date) < nowMs,
      start: clock(slot.start_date),
      end: clock(slot.end_date),
    });
  }
  drafts.sort((a, b) => a.start - b.start || rank(a.kind) - rank(b.kind) || b.end - a.end);
  const lanes = lanesOf(drafts);
  return drafts.map((draft, index) => {
    const box: Box = {
      top: (draft.start - firstMinute) * PX_PER_MINUTE,
      height: Math.max(MIN_BLOCK_PX, (draft.end - draft.start) * PX_PER_MINUTE - 2),
      lane: lanes[index]!.lane,
      lanes: lanes[index]!.lanes,
      startMinute: draft.start,
      endMinute: draft.end,
    };
    return draft.kind === 'appointment'
      ? { kind: 'appointment', appointment: draft.appointment, box }
      : { kind: draft.kind, slot: draft.slot, past: draft.past, box };
  });
}

const rank = (kind: PlacedItem['kind']): number =>
  kind === 'appointment' ? 0 : kind === 'held' ? 1 : 2;

/** The spec's clock, in English: '9:30 AM'. Other languages get their own (Intl, through luxon). */
export const ENGLISH_CLOCK = 'en-US';

/** A wall-clock label of minutes since midnight: 9 AM on the axis, 9:30 AM elsewhere. */
export function minuteLabel(
  minute: number,
  alwaysMinutes = false,
  locale: string = ENGLISH_CLOCK,
): string {
  if (locale !== ENGLISH_CLOCK) {
    return DateTime.fromMillis(Math.round(minute) * 60_000, { zone: 'UTC' })
      .setLocale(locale)
      .toLocaleString(DATE_FORMATS.time);
  }
  const hour = Math.floor(minute / 60) % 24;
  const min = Math.round(minute % 60);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  const suffix = hour < 12 ? 'AM' : 'PM';
  const clock = min === 0 && !alwaysMinutes ? `${h12}` : `${h12}:${String(min).padStart(2, '0')}`;
  return `${clock} ${suffix}`;
}

/** Start and end as the grid says them: 9:30 – 10:00 AM (the first suffix only when it differs). */
export function timeRange(
  startMinute: number,
  endMinute: number,
  locale: string = ENGLISH_CLOCK,
): string {
  const start = minuteLabel(startMinute, true, locale);
  const end = minuteLabel(endMinute, true, locale);
  if (locale !== ENGLISH_CLOCK) return `${start} – ${end}`;
  return start.slice(-2) === end.slice(-2) ? `${start.slice(0, -3)} – ${end}` : `${start} – ${end}`;
}

/** A start where blocks share the width: '9:30' (English drops its AM/PM). */
export const narrowClock = (minute: number, locale: string = ENGLISH_CLOCK): string =>
  locale === ENGLISH_CLOCK
    ? minuteLabel(minute, true).slice(0, -3)
    : minuteLabel(minute, true, locale);

/** The API's rule: a visit that has not started can move to another slot. */
const RESCHEDULABLE: readonly AppointmentStatus[] = [
  'Pending',
  'Accepted',
  'Scheduled',
  'Confirmed',
];

export const mayReschedule = (status: AppointmentStatus): boolean => RESCHEDULABLE.includes(status);
