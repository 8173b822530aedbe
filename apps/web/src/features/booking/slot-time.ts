import { DateTime } from 'luxon';

/** A slot's start for the summary card: 'Today,' or 'Tomorrow,' when it falls then (spec 1). */
export function summaryStart(startIso: string, zone: string, now: DateTime): string {
  const start = DateTime.fromISO(startIso, { zone });
  const today = now.setZone(zone).startOf('day');
  const day = start.startOf('day');
  const time = start.toFormat('h:mm a');
  if (day.equals(today)) return `Today, ${time}`;
  if (day.equals(today.plus({ days: 1 }))) return `Tomorrow, ${time}`;
  return `${start.toFormat('EEEE, MMMM d')}, ${time}`;
}

/** Whole minutes left on a hold (rounded up, never below 0). */
export function minutesLeft(expiresAtIso: string, now: DateTime): number {
  const left = DateTime.fromISO(expiresAtIso).diff(now, 'minutes').minutes;
  return Math.max(0, Math.ceil(left));
}
