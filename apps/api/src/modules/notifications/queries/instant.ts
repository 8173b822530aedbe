import { DateTime } from 'luxon';

/** UTC, without milliseconds when there are none: as slots and appointments are written. */
export const instant = (date: Date): string =>
  DateTime.fromJSDate(date, { zone: 'utc' }).toISO({ suppressMilliseconds: true })!;
