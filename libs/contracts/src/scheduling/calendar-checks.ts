import { isCalendarDate, isInstant } from '../calendar-date';
import type { HoursSpan, WeekdayHours, WeeklyHours } from './calendar-view';
import { CALENDAR_MESSAGES } from './messages';

/**
 * The calendar rules both sides check: the API's calendar decider before it records, the web's
 * settings form before a round trip. Each answers the broken rule's message, or null.
 */

export const MAX_BOOKING_CAPACITY = 500;

/** Whole hours of the day: the first from 0 to 23, the last after it, at most 24. */
export const hoursProblem = (firstHour: number, lastHour: number): string | null =>
  !Number.isInteger(firstHour) ||
  !Number.isInteger(lastHour) ||
  firstHour < 0 ||
  lastHour > 24 ||
  lastHour <= firstHour
    ? CALENDAR_MESSAGES.hours
    : null;

/** The time step must fit the open hours a whole number of times. */
export const timeStepProblem = (
  firstHour: number,
  lastHour: number,
  timeStep: number,
): string | null =>
  ((lastHour - firstHour) * 60) % timeStep !== 0 ? CALENDAR_MESSAGES.step : null;

/** Real days as YYYY-MM-DD, the last not before the first; no last date means no end. */
export const datesProblem = (dateFrom: string, dateTo: string | null | undefined): string | null =>
  !isCalendarDate(dateFrom) || (dateTo != null && (!isCalendarDate(dateTo) || dateTo < dateFrom))
    ? CALENDAR_MESSAGES.dates
    : null;

/** ISO weekdays, 1 (Monday) to 7, at least one, each once. */
export const workingDaysProblem = (days: readonly number[]): string | null =>
  days.length === 0 ||
  new Set(days).size !== days.length ||
  days.some((d) => !Number.isInteger(d) || d < 1 || d > 7)
    ? CALENDAR_MESSAGES.workingDays
    : null;

export const capacityProblem = (capacity: number): string | null =>
  !Number.isInteger(capacity) || capacity < 1 || capacity > MAX_BOOKING_CAPACITY
    ? CALENDAR_MESSAGES.capacity
    : null;

/** A blocked span's start and end are instants; it must end after it starts. */
export function blockedSpanProblem(span: {
  readonly start: string;
  readonly end: string;
}): string | null {
  if (!isInstant(span.start) || !isInstant(span.end)) return CALENDAR_MESSAGES.span;
  return Date.parse(span.end) <= Date.parse(span.start) ? CALENDAR_MESSAGES.span : null;
}

/** [n] for the next n weeks (n > 0), or [from, to] with to after from; weeks 0 to 104; [] is none. */
export function weekTimeFrameProblem(frame: readonly number[] | undefined): string | null {
  if (!frame || frame.length === 0) return null;
  const whole = frame.every((n) => Number.isInteger(n) && n >= 0 && n <= 104);
  const [first, second] = frame;
  const valid = whole && frame.length <= 2 && (second === undefined ? first! > 0 : second > first!);
  return valid ? null : CALENDAR_MESSAGES.weekTimeFrame;
}

export const MAX_SPANS_PER_DAY = 6;

/** A local wall-clock time as sent: HH:mm from 00:00 to 23:59, or 24:00 (the day's end). */
export const TIME_OF_DAY = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes from the day's midnight of a time HH:mm; NaN when it is none. */
export function minutesOfDay(time: string): number {
  if (typeof time !== 'string' || !TIME_OF_DAY.test(time)) return Number.NaN;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Minutes from midnight as HH:mm (1440 is 24:00). */
export const timeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The weekly hours a calendar without its own has: first to last hour on each working day. */
export function weeklyHoursOf(
  firstHour: number,
  lastHour: number,
  workingDays: readonly number[],
): WeeklyHours {
  const span: HoursSpan = { start: timeOfDay(firstHour * 60), end: timeOfDay(lastHour * 60) };
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    spans: workingDays.includes(weekday) ? [span] : [],
  }));
}

/**
 * Weekly hours as stored and answered: all seven days Monday first (a day not sent is closed),
 * each day's spans by start. Only the fields of a span are kept.
 */
export function canonicalWeeklyHours(hours: readonly WeekdayHours[]): WeeklyHours {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    spans: hours
      .filter((day) => day.weekday === weekday)
      .flatMap((day) => day.spans)
      .map((span) => ({ start: span.start, end: span.end }))
      .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start)),
  }));
}

/**
 * Weekday hours: each weekday once (1 to 7); each span HH:mm to a later HH:mm; at most
 * MAX_SPANS_PER_DAY spans a day, none overlapping another (one may start where another ends);
 * hours on one day at least; and the time step divides each span evenly (the slots fill it).
 */
export function weeklyHoursProblem(
  hours: readonly WeekdayHours[],
  timeStep: number,
): string | null {
  const m = CALENDAR_MESSAGES;
  const weekdays = hours.map((day) => day.weekday);
  if (
    new Set(weekdays).size !== weekdays.length ||
    weekdays.some((d) => !Number.isInteger(d) || d < 1 || d > 7)
  ) {
    return m.weeklyHoursDays;
  }
  for (const day of hours) {
    if (day.spans.length > MAX_SPANS_PER_DAY) return m.weeklyHoursTooMany;
    const spans = day.spans.map((span) => [minutesOfDay(span.start), minutesOfDay(span.end)]);
    if (spans.some(([start, end]) => !(start! < end!))) return m.weeklyHoursSpan;
    spans.sort((a, b) => a[0]! - b[0]!);
    if (spans.some(([start], i) => i > 0 && start! < spans[i - 1]![1]!)) {
      return m.weeklyHoursOverlap;
    }
  }
  if (hours.every((day) => day.spans.length === 0)) return m.weeklyHoursEmpty;
  const spans = hours.flatMap((day) => day.spans);
  if (spans.some((span) => (minutesOfDay(span.end) - minutesOfDay(span.start)) % timeStep !== 0)) {
    return m.weeklyHoursStep;
  }
  return null;
}

/**
 * The whole hours a calendar's weekly hours lie within (the earliest start, the latest end) and
 * the weekdays with hours: what a new calendar sends as its single hours, and what a day's grid
 * spans. For the hours a calendar without weekly hours derives, they are its single hours.
 */
export function hoursSpanned(hours: WeeklyHours): {
  first_hour: number;
  last_hour: number;
  working_days: number[];
} {
  const spans = hours.flatMap((day) => day.spans);
  if (spans.length === 0) return { first_hour: 0, last_hour: 24, working_days: [] };
  return {
    first_hour: Math.floor(Math.min(...spans.map((s) => minutesOfDay(s.start))) / 60),
    last_hour: Math.ceil(Math.max(...spans.map((s) => minutesOfDay(s.end))) / 60),
    working_days: hours.filter((day) => day.spans.length > 0).map((day) => day.weekday),
  };
}
