import { DateTime } from 'luxon';
import { isRepeatedWallTime } from '../../shared/wall-time';

/**
 * Spec 9: slot times read h:mm a in the facility's zone, as in '1:30 pm'. On the day the clocks
 * fall back a wall time happens twice, and both instants are offered: those two read with the
 * zone's abbreviation ('1:00 am EDT', '1:00 am EST') so neither can be mistaken for the other.
 */
export const slotTime = (start: string, zone: string): string => {
  const local = DateTime.fromISO(start, { zone });
  const time = local.toFormat('h:mm a').toLowerCase();
  return isRepeatedWallTime(local) ? `${time} ${local.toFormat('ZZZZ')}` : time;
};

export const nextAvailabilityText = (day: string): string =>
  `Next Availability is ${DateTime.fromISO(day).toFormat('cccc, LLLL d')}`;

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
  return `${city} time (${at.setZone(zone).toFormat('ZZZZ')})`;
}

export const wallClock = (start: string, zone: string): string =>
  DateTime.fromISO(start, { zone }).toFormat("cccc, LLLL d 'at' h:mm a ZZZZ");
