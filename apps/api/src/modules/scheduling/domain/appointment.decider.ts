import {
  type AppointmentStatus,
  BOOKING_MESSAGES,
  REJECT_REASON_MAX_LENGTH,
  REQUEST_MESSAGES,
} from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/domain-error';
import { canMove, illegalTransition } from './appointment-status';
import {
  type AppointmentDetails,
  type AppointmentEvent,
  type AppointmentState,
  evolveAppointment,
  initialAppointmentState,
} from './appointment.events';
import { type CheckInPlace, mayCheckInNow } from './check-in-window';

export const APPOINTMENT_NOT_FOUND = 'This appointment does not exist.';

/** A visit that has not started can move to another slot. */
const RESCHEDULABLE: readonly AppointmentStatus[] = [
  'Pending',
  'Accepted',
  'Scheduled',
  'Confirmed',
];

export type AppointmentCommand =
  | {
      type: 'BookAppointment';
      details: Omit<AppointmentDetails, 'status'>;
      acceptRejectEnabled: boolean;
      now: Date;
    }
  | {
      type: 'ChangeAppointmentStatus';
      status: AppointmentStatus;
      by: string;
      /** A rejection's reason, for the patient: required to reject, ignored otherwise. */
      reason?: string | null;
      now: Date;
    }
  /**
   * The patient has arrived: practice users check them in at the desk at any time; the patient
   * checks in (from their device, or at the kiosk by the door) within the calendar's window.
   */
  | {
      type: 'CheckInAppointment';
      by: string;
      at: CheckInPlace;
      now: Date;
    }
  | { type: 'CancelAppointment'; reason: string | null; by: string; now: Date }
  | {
      type: 'RescheduleAppointment';
      start: string;
      end: string;
      by: string;
      now: Date;
    };

export function decideAppointment(
  command: AppointmentCommand,
  state: AppointmentState,
): AppointmentEvent[] {
  const at = command.now.toISOString();
  if (command.type === 'BookAppointment') {
    if (state.details) return [];
    // A calendar that asks for accept/reject keeps the booking Pending until someone decides.
    const status: AppointmentStatus = command.acceptRejectEnabled ? 'Pending' : 'Scheduled';
    return [{ type: 'AppointmentBooked', data: { ...command.details, status, booked_at: at } }];
  }
  const details = state.details;
  if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
  switch (command.type) {
    case 'CheckInAppointment':
      // Pressing "I'm here" twice is one arrival, whenever the second press comes.
      if (details.status === 'Checked-In') return [];
      if (!mayCheckInNow(details, command.at, command.now)) {
        throw new ConflictError(BOOKING_MESSAGES.checkInUnavailable);
      }
      return decideAppointment(
        { type: 'ChangeAppointmentStatus', status: 'Checked-In', by: command.by, now: command.now },
        state,
      );
    case 'ChangeAppointmentStatus':
      if (details.status === command.status) return [];
      if (!canMove(details.status, command.status)) {
        throw new ConflictError(illegalTransition(details.status, command.status));
      }
      return [
        {
          type: 'AppointmentStatusChanged',
          data: {
            appointment_id: details.appointment_id,
            from: details.status,
            status: command.status,
            changed_by: command.by,
            rejected_by: command.status === 'Rejected' ? command.by : null,
            // Only a rejection tells why: other changes keep the shape they always had.
            ...(command.status === 'Rejected' ? { reason: rejectionReason(command.reason) } : {}),
            changed_at: at,
          },
        },
      ];
    case 'CancelAppointment':
      if (!canMove(details.status, 'Canceled')) {
        throw new ConflictError(illegalTransition(details.status, 'Canceled'));
      }
      return [
        {
          type: 'AppointmentCanceled',
          data: {
            appointment_id: details.appointment_id,
            from: details.status,
            reason: command.reason,
            canceled_by: command.by,
            canceled_at: at,
          },
        },
      ];
    case 'RescheduleAppointment':
      if (!RESCHEDULABLE.includes(details.status)) {
        throw new ConflictError(`An appointment that is ${details.status} cannot be rescheduled.`);
      }
      if (details.start_date === command.start) throw new ConflictError(BOOKING_MESSAGES.sameSlot);
      return [
        {
          type: 'AppointmentRescheduled',
          data: {
            appointment_id: details.appointment_id,
            from_start: details.start_date,
            start_date: command.start,
            end_date: command.end,
            rescheduled_by: command.by,
            rescheduled_at: at,
          },
        },
      ];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/** The patient reads why their request was refused: a reason is required, and kept short. */
function rejectionReason(reason: string | null | undefined): string {
  const text = reason?.trim() ?? '';
  if (text.length === 0) throw new InvalidError(REQUEST_MESSAGES.reasonRequired);
  if (text.length > REJECT_REASON_MAX_LENGTH) {
    throw new InvalidError(REQUEST_MESSAGES.reasonTooLong);
  }
  return text;
}

export const appointmentDecider: Decider<AppointmentCommand, AppointmentEvent, AppointmentState> = {
  initialState: initialAppointmentState,
  decide: decideAppointment,
  evolve: evolveAppointment,
};
