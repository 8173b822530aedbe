import { DateTime } from 'luxon';
import { isRepeatedWallTime } from '../../shared/wall-time';
import { i18n } from '../../shared/i18n';
import { DATE_FORMATS, formatDate, luxonLocale } from '../../shared/i18n/dates';

/**
 * Spec 9: slot times read h:mm a in the facility's zone, as in '1:30 pm'. On the day the clocks
 * fall back a wall time happens twice, and both instants are offered: those two read with the
 * zone's abbreviation ('1:00 am EDT', '1:00 am EST') so neither can be mistaken for the other.
 */
export const slotTime = (start: string, zone: string): string => {
  const local = DateTime.fromISO(start, { zone });
  const time =
    luxonLocale() === 'en-US'
      ? local.toFormat('h:mm a').toLowerCase()
      : formatDate(local, 'h:mm a', DATE_FORMATS.time);
  return isRepeatedWallTime(local) ? `${time} ${local.toFormat('ZZZZ')}` : time;
};

export const nextAvailabilityText = (day: string): string =>
  i18n.t('calendar.nextAvailability', {
    day: formatDate(DateTime.fromISO(day), 'cccc, LLLL d', DATE_FORMATS.weekdayMonthDay),
  });

/** Today in the facility's zone, and the last day the week scroller reaches (24 months on). */
export function scrollerRange(zone: string, now: DateTime = DateTime.now()) {
  const today = now.setZone(zone).startOf('day');
  return { today: today.toISODate()!, last: today.plus({ months: 24 }).toISODate()! };
}

/** Whether the visitor's clock differs from the facility's at that moment. */
export const zonesDiffer = (start: string, facilityZone: string, localZone: string): boolean =>
  DateTime.fromISO(start, { zone: facilityZone }).offset !==
  DateTime.fromISO(start, { zone: localZone }).offset;

/**
 * A zone named for people: its city and its abbreviation at that moment, as in
 * 'New York time (EST)' or 'Kolkata time (GMT+5:30)'.
 */
export function zoneLabel(zone: string, at: DateTime = DateTime.now()): string {
  const city = (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
  return i18n.t('calendar.zone', { city, abbreviation: at.setZone(zone).toFormat('ZZZZ') });
}

export const wallClock = (start: string, zone: string): string =>
  formatDate(DateTime.fromISO(start, { zone }), "cccc, LLLL d 'at' h:mm a ZZZZ", {
    ...DATE_FORMATS.weekdayMonthDayTime,
    timeZoneName: 'short',
  });
