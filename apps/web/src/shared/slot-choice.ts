import { BOOKING_MESSAGES } from '@medbook/contracts';
import { DateTime } from 'luxon';

/** The new-slot dialog covers the original day plus 4 (spec 1 section 9). */
export const NEW_SLOT_WINDOW_DAYS = 5;

/** Why a picked slot cannot be confirmed, or null when it can. */
export function newSlotProblem(originalStart: string, picked: string | null): string | null {
  if (picked === null) return null;
  const same = DateTime.fromISO(originalStart).toMillis() === DateTime.fromISO(picked).toMillis();
  return same ? BOOKING_MESSAGES.sameSlot : null;
}

export function mayConfirmNewSlot(originalStart: string, picked: string | null): boolean {
  return picked !== null && newSlotProblem(originalStart, picked) === null;
}

/** The window's first day (YYYY-MM-DD in the facility's zone): the original slot's day. */
export function windowStart(originalStart: string, zone: string): string {
  return DateTime.fromISO(originalStart, { zone }).toISODate()!;
}
