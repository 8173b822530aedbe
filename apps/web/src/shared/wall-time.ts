import type { DateTime } from 'luxon';

/** Whether the same local date and time also happens at another instant (a fall-back repeat). */
export function isRepeatedWallTime(local: DateTime): boolean {
  const wall = local.toFormat('yyyy-MM-dd HH:mm');
  return [-120, -60, -30, 30, 60, 120].some(
    (minutes) => local.plus({ minutes }).toFormat('yyyy-MM-dd HH:mm') === wall,
  );
}

/**
 * A time of day as `format` shows it, with the zone's abbreviation when that wall time happens
 * twice that day (the hour the clocks fall back): '1:00 AM EDT' and '1:00 AM EST'.
 */
export const unambiguousTime = (local: DateTime, format: string): string =>
  isRepeatedWallTime(local)
    ? `${local.toFormat(format)} ${local.toFormat('ZZZZ')}`
    : local.toFormat(format);
