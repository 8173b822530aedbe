import type { AppointmentStatus } from '@medbook/contracts';

/**
 * The wizard's reading of a failed booking (spec 1 section 8): a slot that is taken or gone
 * sends the desk to another time (or the waiting list); anything else is shown as it is.
 */
export function slotTaken(status: number, message: string): boolean {
  if (status === 400) return false;
  const text = message.toLowerCase();
  return ['already booked', 'not available', 'no longer available'].some((t) => text.includes(t));
}

/** What the desk is told once the booking is made. */
export function bookedHeadline(status: AppointmentStatus): string {
  return status === 'Pending' ? 'Appointment request sent!' : 'Appointment booked successfully.';
}

export function bookedExplanation(status: AppointmentStatus): string {
  return status === 'Pending'
    ? 'This calendar accepts requests: the appointment is Pending until a provider, staff member or admin accepts it.'
    : 'The appointment is on the schedule. The patient is not checked in until they arrive.';
}
