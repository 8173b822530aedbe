import { type AppointmentInsurance, BOOKING_MESSAGES, slotId } from '@medbook/contracts';
import { ConflictError, NotFoundError } from '../../../domain/domain-error';
import { decideAppointment } from './appointment.decider';
import type { AppointmentDetails, AppointmentEvent, AppointmentState } from './appointment.events';
import { CALENDAR_NOT_FOUND } from './calendar.decider';
import type { CalendarSettings, CalendarState } from './calendar.events';
import { findSlot, type ScheduledSlot } from './slot-schedule';
import { decideSlot, HOLD_NOT_FOUND } from './slot.decider';
import type { SlotEvent, SlotState } from './slot.events';

/** Who books which visit: the appointment's id comes from the command, so a retry is the same. */
export interface Booking {
  readonly appointmentId: string;
  readonly calendarId: string;
  /** The start as requested: a slot of the calendar, or no booking. */
  readonly start: string;
  readonly patientId: string;
  readonly bookedBy: string;
  readonly holdId: string | null;
  readonly reason: string | null;
  /** Book only by consuming this live hold (a waitlist offer), never a free place instead. */
  readonly requireHold: boolean;
  readonly now: Date;
  /** What the booking brings along (checked by the handler before deciding). */
  readonly extras?: BookingExtras;
}

/** How the visit is paid for, its screening answers and its visit fee, as the booking says. */
export interface BookingExtras {
  readonly insurance: AppointmentInsurance | null;
  readonly screeningIds: readonly string[];
  readonly paymentId: string | null;
}

/** What a booking decided on: its calendar, its appointment and its slot (null: no such slot). */
export interface BookingStates {
  readonly calendar: CalendarState;
  readonly appointment: AppointmentState;
  readonly slot: SlotState | null;
}

/** The events a booking appends, in one atomic append: none for the slot means it is there. */
export interface BookingDecision {
  readonly slot: readonly SlotEvent[];
  readonly appointment: readonly AppointmentEvent[];
}

/** A requested start as the slot's id, or null when it is no instant at all. */
export function requestedSlotId(start: string): string | null {
  const ms = Date.parse(start);
  return Number.isNaN(ms) ? null : slotId(new Date(ms).toISOString());
}

/** The calendar's settings, or 404. */
export function settingsOf(calendar: CalendarState): CalendarSettings {
  if (!calendar.settings) throw new NotFoundError(CALENDAR_NOT_FOUND);
  return calendar.settings;
}

/** The slot at this start, if the calendar offers it for booking now. */
export function bookableSlot(settings: CalendarSettings, start: string, now: Date): ScheduledSlot {
  if (settings.online_booking_disabled) throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
  const slot = findSlot(settings, start);
  if (!slot || new Date(slot.start) <= now) throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
  return slot;
}

/** A new appointment's details: who and where come from the calendar, when from the caller. */
function appointmentDetails(
  booking: Pick<Booking, 'appointmentId' | 'patientId' | 'bookedBy' | 'reason' | 'extras'>,
  settings: CalendarSettings,
  when: Pick<AppointmentDetails, 'start_date' | 'end_date' | 'visit_schedule_type'>,
): Omit<AppointmentDetails, 'status'> {
  return {
    appointment_id: booking.appointmentId,
    calendar_id: settings.calendar_id,
    practice_id: settings.practice_id,
    provider_id: settings.provider_id,
    resource_id: settings.resource_id,
    facility_id: settings.facility_id,
    patient_id: booking.patientId,
    booked_by: booking.bookedBy,
    ...when,
    time_zone: settings.time_zone,
    visit_type: settings.visit_type,
    reason: booking.reason,
    // Only when true, so bookings on other calendars keep their shape (absent reads false).
    ...(settings.is_lab_test === true ? { is_lab_test_appointment: true } : {}),
    ...extrasOf(booking.extras),
  };
}

/** The extras as the event records them: only those given, so older shapes stay as they were. */
function extrasOf(extras: BookingExtras | undefined): Partial<AppointmentDetails> {
  if (!extras) return {};
  return {
    ...(extras.insurance ? { insurance: extras.insurance } : {}),
    ...(extras.screeningIds.length > 0 ? { screening_ids: extras.screeningIds } : {}),
    ...(extras.paymentId ? { payment_id: extras.paymentId } : {}),
  };
}

/**
 * A booking over its slot, its new appointment and its calendar: the slot takes a place (its
 * capacity is the calendar's now, never a read model's) and the appointment is booked.
 */
export function decideBooking(booking: Booking, states: BookingStates): BookingDecision {
  const settings = settingsOf(states.calendar);
  // Another booking under this appointment's id, not this command's retry: refuse it.
  if (states.appointment.details) throw new ConflictError(BOOKING_MESSAGES.patientAlreadyBooked);
  const slot = bookableSlot(settings, booking.start, booking.now);
  if (!states.slot || slot.start !== requestedSlotId(booking.start)) {
    throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
  }
  const slotEvents = decideSlot(
    {
      type: 'BookSlot',
      calendarId: settings.calendar_id,
      start: slot.start,
      capacity: settings.booking_capacity,
      appointmentId: booking.appointmentId,
      patientId: booking.patientId,
      holdId: booking.holdId,
      now: booking.now,
    },
    states.slot,
  );
  const appointmentEvents = decideAppointment(
    {
      type: 'BookAppointment',
      details: appointmentDetails(booking, settings, {
        start_date: slot.start,
        end_date: slot.end,
        visit_schedule_type: 'Scheduled',
      }),
      acceptRejectEnabled: settings.accept_reject_enabled,
      now: booking.now,
    },
    states.appointment,
  );
  const [booked] = slotEvents;
  if (
    booking.requireHold &&
    booked?.type === 'SlotBooked' &&
    booked.data.hold_id !== booking.holdId
  ) {
    throw new ConflictError(HOLD_NOT_FOUND);
  }
  return { slot: slotEvents, appointment: appointmentEvents };
}

/** A walk-in: an appointment that starts now, outside the slots, for the provider's queue. */
export function decideWalkIn(
  walkIn: Omit<Booking, 'start' | 'holdId' | 'requireHold'>,
  states: Omit<BookingStates, 'slot'>,
): readonly AppointmentEvent[] {
  if (states.appointment.details) throw new ConflictError(BOOKING_MESSAGES.patientAlreadyBooked);
  const settings = settingsOf(states.calendar);
  if (settings.online_booking_disabled) throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
  const now = walkIn.now;
  return decideAppointment(
    {
      type: 'BookAppointment',
      details: appointmentDetails(walkIn, settings, {
        start_date: now.toISOString(),
        end_date: new Date(now.getTime() + settings.time_step * 60_000).toISOString(),
        visit_schedule_type: 'WalkIn',
      }),
      // Walk-ins are seen in turn: no request to accept.
      acceptRejectEnabled: false,
      now,
    },
    states.appointment,
  );
}

/** The slot an appointment moves to: another one the calendar offers for booking now. */
export function rescheduleSlot(
  settings: CalendarSettings,
  details: AppointmentDetails,
  start: string,
  now: Date,
): ScheduledSlot {
  if (findSlot(settings, start)?.start === details.start_date) {
    throw new ConflictError(BOOKING_MESSAGES.sameSlot);
  }
  return bookableSlot(settings, start, now);
}
