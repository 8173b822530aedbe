import { DateTime } from 'luxon';

/** Spec 9: slot times read h:mm a in the facility's zone, as in '1:30 pm'. */
export const slotTime = (start: string, zone: string): string =>
  DateTime.fromISO(start, { zone }).toFormat('h:mm a').toLowerCase();

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

export const wallClock = (start: string, zone: string): string =>
  DateTime.fromISO(start, { zone }).toFormat("cccc, LLLL d 'at' h:mm a ZZZZ");
