import {
  type AppointmentStatusMessage,
  type AppointmentView,
  type CheckInPassView,
  isFinal,
} from '@medbook/contracts';
import { DateTime } from 'luxon';

export function isOpen(appointment: AppointmentView): boolean {
  return !isFinal(appointment.status);
}

/** Visits called off (by the patient or the practice), shown apart with their reason. */
const CALLED_OFF: readonly string[] = ['Canceled', 'Rejected'];

/**
 * Upcoming: open and not yet over, soonest first. Called off: canceled or rejected visits that
 * were still to come, soonest first. Past: the rest, latest first.
 */
export function splitAppointments(list: readonly AppointmentView[], now: DateTime) {
  const soonestFirst = (a: AppointmentView, b: AppointmentView) =>
    a.start_date.localeCompare(b.start_date);
  const upcoming = list
    .filter((a) => isOpen(a) && DateTime.fromISO(a.end_date) > now)
    .sort(soonestFirst);
  const calledOff = list
    .filter((a) => CALLED_OFF.includes(a.status) && DateTime.fromISO(a.start_date) > now)
    .sort(soonestFirst);
  const past = list
    .filter((a) => !upcoming.includes(a) && !calledOff.includes(a))
    .sort((a, b) => b.start_date.localeCompare(a.start_date));
  return { upcoming, calledOff, past };
}

/** Why a visit was called off, as the patient reads it; null when nobody said. */
export function calledOffReason(a: AppointmentView): string | null {
  const reason = a.status === 'Rejected' ? a.rejection_reason : a.cancel_reason;
  return reason?.trim() ? reason.trim() : null;
}

/** A maps search for the facility's address: opens directions in the phone's or the web's maps. */
export function directionsUrl(a: AppointmentView): string | null {
  const address = postalAddress(a);
  return address
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
    : null;
}

/** The facility's address on one line ("100 Main St, Suite 2, New York, NY 10001"). */
export function postalAddress(a: AppointmentView): string | null {
  const address = a.facility_address;
  if (!address) return null;
  const street = [address.address1, address.address2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${[address.state, address.zip_code].filter(Boolean).join(' ')}`;
}

/** A status change applied to the list; `known` is false when the appointment is not in it. */
export function applyStatus(
  list: readonly AppointmentView[],
  message: AppointmentStatusMessage,
): { list: readonly AppointmentView[]; known: boolean } {
  const known = list.some((a) => a.appointment_id === message.appointmentId);
  return {
    known,
    list: list.map((a) =>
      a.appointment_id === message.appointmentId ? { ...a, status: message.status } : a,
    ),
  };
}

/** Statuses a patient may still check in from. */
const CHECK_IN_FROM = ['Scheduled', 'Confirmed', 'Accepted'];

/** Worth asking the API for its check-in window: open and on the visit's day in its zone. */
export function checkInToday(appointment: AppointmentView, now: DateTime): boolean {
  const zone = appointment.time_zone;
  const day = DateTime.fromISO(appointment.start_date, { zone }).toISODate();
  return CHECK_IN_FROM.includes(appointment.status) && day === now.setZone(zone).toISODate();
}

/**
 * "I'm here" is offered within the calendar's window, where the calendar lets patients check in
 * (the pass says both; the API decides again when the patient presses it).
 */
export function mayTryCheckIn(
  appointment: AppointmentView,
  now: DateTime,
  pass: Pick<
    CheckInPassView,
    'check_in_opens_at' | 'check_in_closes_at' | 'patient_check_in'
  > | null,
): boolean {
  if (!pass || !pass.patient_check_in || !CHECK_IN_FROM.includes(appointment.status)) return false;
  return (
    DateTime.fromISO(pass.check_in_opens_at) <= now &&
    now <= DateTime.fromISO(pass.check_in_closes_at)
  );
}

export function mayChange(appointment: AppointmentView, now: DateTime): boolean {
  return (
    ['Scheduled', 'Confirmed', 'Accepted', 'Pending'].includes(appointment.status) &&
    DateTime.fromISO(appointment.start_date) > now
  );
}
