import type { AppointmentStatus } from '@medbook/contracts';

/** What the API's answer to a booking means for the wizard (spec 1 section 8). */
export type BookingFailure = 'INVALID_OTP' | 'ALREADY_BOOKED' | 'CONTACT_SUPPORT';

export function classifyBookingFailure(status: number, message: string): BookingFailure {
  const text = message.toLowerCase();
  if (status === 400) return text.includes('invalid otp') ? 'INVALID_OTP' : 'CONTACT_SUPPORT';
  // The API's slot-taken text says 'no longer available'; the spec's result texts the other two.
  if (['already booked', 'not available', 'no longer available'].some((t) => text.includes(t)))
    return 'ALREADY_BOOKED';
  return 'CONTACT_SUPPORT';
}

export type BookedPopup = 'check-in' | 'scheduled' | 'pending' | 'none';

export interface BookedAppointment {
  readonly status: AppointmentStatus;
  readonly visitType: 'Office' | 'Telehealth' | 'Resource';
  readonly walkIn: boolean;
  /** Non-digital check-in: the calendar lets patients check in. */
  readonly checkInAllowed: boolean;
  readonly digitalCheckIn: boolean;
  readonly reasonAllowsImmediateCheckIn: boolean;
}

/** Which popup follows a successful booking (spec 1, "After a successful booking"). */
export function popupAfterBooking(booked: BookedAppointment): BookedPopup {
  const pending = booked.status === 'Pending';
  const atTheFacility = booked.visitType === 'Office' || booked.visitType === 'Resource';
  const mayCheckIn = booked.digitalCheckIn
    ? booked.reasonAllowsImmediateCheckIn
    : booked.checkInAllowed;
  if (atTheFacility && !pending && mayCheckIn) return 'check-in';
  if (!pending) {
    return booked.visitType === 'Telehealth' && booked.walkIn ? 'none' : 'scheduled';
  }
  if (booked.visitType !== 'Resource' && !booked.walkIn) return 'pending';
  return 'none';
}

/** The check-in popup waits this long before going to check-in (spec 1 section 9). */
export const CHECK_IN_REDIRECT_MS = 2_500;
export const DIGITAL_CHECK_IN_REDIRECT_MS = 60_000;
