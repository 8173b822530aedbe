import { isCalendarDate, isInstant } from '../calendar-date';
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
