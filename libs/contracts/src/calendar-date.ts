import { ValidateBy, type ValidationOptions } from 'class-validator';

/** Ours: the spec names no text for a range that ends before it starts. */
export const DATE_RANGE_MESSAGE = 'The end date must not be before the start date.';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a value is a YYYY-MM-DD that names a real calendar day (no month 13, no 30 February). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Today as far east as any zone goes (UTC+14): a date after it is in everyone's future. */
const latestToday = (): string => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** A real calendar day, YYYY-MM-DD; with `past`, not after today anywhere (a birth date). */
export function IsCalendarDate(
  options: ValidationOptions = {},
  range: { readonly past?: boolean } = {},
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value: unknown) =>
          isCalendarDate(value) && (!range.past || value <= latestToday()),
      },
    },
    options,
  );
}

/** The end of a range of calendar days: not before the day in `startProperty`, when both are set. */
export function IsNotBeforeDate(
  startProperty: string,
  options: ValidationOptions = {},
): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNotBeforeDate',
      constraints: [startProperty],
      validator: {
        validate: (value: unknown, args) => {
          const start = (args?.object as Record<string, unknown> | undefined)?.[startProperty];
          // Each date's own check reports a malformed one; only a real range is judged here.
          if (!isCalendarDate(value) || !isCalendarDate(start)) return true;
          return value >= start;
        },
      },
    },
    options,
  );
}

const INSTANT =
  /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * Whether a value is an ISO 8601 instant that names a real moment: a real calendar day, a real
 * time of day and an offset (JavaScript's Date.parse takes 30 February and rolls it into March).
 */
export function isInstant(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = INSTANT.exec(value);
  if (!match) return false;
  const [, day, hour, minute, second, , offsetHours, offsetMinutes] = match;
  return (
    isCalendarDate(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60 &&
    Number(second ?? 0) < 60 &&
    Number(offsetHours ?? 0) < 24 &&
    Number(offsetMinutes ?? 0) < 60 &&
    !Number.isNaN(Date.parse(value))
  );
}

/** An ISO 8601 instant that names a real moment (see isInstant). */
export function IsInstant(options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy({ name: 'isInstant', validator: { validate: isInstant } }, options);
}
