import { type AppointmentStatusMessage, type AppointmentView, isFinal } from '@medbook/contracts';
import { DateTime } from 'luxon';

export function isOpen(appointment: AppointmentView): boolean {
  return !isFinal(appointment.status);
}

/** Upcoming: open and not yet over, soonest first. Past: the rest, latest first. */
export function splitAppointments(list: readonly AppointmentView[], now: DateTime) {
  const upcoming = list
    .filter((a) => isOpen(a) && DateTime.fromISO(a.end_date) > now)
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  const past = list
    .filter((a) => !upcoming.includes(a))
    .sort((a, b) => b.start_date.localeCompare(a.start_date));
  return { upcoming, past };
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

/** The patient may check in on the visit's day (the calendar's own rule is the API's to check). */
export function mayTryCheckIn(appointment: AppointmentView, now: DateTime): boolean {
  const zone = appointment.time_zone;
  const day = DateTime.fromISO(appointment.start_date, { zone }).toISODate();
  return (
    ['Scheduled', 'Confirmed', 'Accepted'].includes(appointment.status) &&
    day === now.setZone(zone).toISODate()
  );
}

export function mayChange(appointment: AppointmentView, now: DateTime): boolean {
  return (
    ['Scheduled', 'Confirmed', 'Accepted', 'Pending'].includes(appointment.status) &&
    DateTime.fromISO(appointment.start_date) > now
  );
}
