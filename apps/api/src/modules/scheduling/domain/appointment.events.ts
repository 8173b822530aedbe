import type { AppointmentInsurance, AppointmentStatus } from '@medbook/contracts';
import type { VisitType } from './calendar.events';

export const appointmentStreamId = (appointmentId: string): string =>
  `appointment-${appointmentId}`;

export type ScheduleType = 'Scheduled' | 'WalkIn';

export interface AppointmentDetails {
  readonly appointment_id: string;
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  readonly patient_id: string;
  /** The account that booked (the patient, or the patient booking for a family member). */
  readonly booked_by: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly time_zone: string;
  readonly visit_type: VisitType;
  readonly visit_schedule_type: ScheduleType;
  readonly reason: string | null;
  readonly status: AppointmentStatus;
  /**
   * How the visit is paid for, the screening answers and the visit fee the booking came with.
   * Bookings recorded before they were carried have none: read as absent.
   */
  readonly insurance?: AppointmentInsurance | null;
  readonly screening_ids?: readonly string[];
  readonly payment_id?: string | null;
  /** Booked on a calendar marked as a lab test; bookings recorded before it read false. */
  readonly is_lab_test_appointment?: boolean;
}

export type AppointmentEvent =
  | { type: 'AppointmentBooked'; data: AppointmentDetails & { booked_at: string } }
  | {
      type: 'AppointmentStatusChanged';
      data: {
        appointment_id: string;
        from: AppointmentStatus;
        status: AppointmentStatus;
        changed_by: string;
        /** Who rejected a pending request (spec: rejected_by). */
        rejected_by: string | null;
        /**
         * Why a request was rejected, for the patient to read; null for any other change. Events
         * recorded before it was asked for have none: read as null.
         */
        reason?: string | null;
        changed_at: string;
      };
    }
  | {
      type: 'AppointmentRescheduled';
      data: {
        appointment_id: string;
        from_start: string;
        start_date: string;
        end_date: string;
        rescheduled_by: string;
        rescheduled_at: string;
      };
    }
  | {
      type: 'AppointmentCanceled';
      data: {
        appointment_id: string;
        from: AppointmentStatus;
        reason: string | null;
        canceled_by: string;
        canceled_at: string;
      };
    };

export interface AppointmentState {
  readonly details: AppointmentDetails | null;
  /** Why its request was rejected, once it is (none before reasons were asked for). */
  readonly rejectionReason?: string | null;
}

export const initialAppointmentState = (): AppointmentState => ({ details: null });

export function evolveAppointment(
  state: AppointmentState,
  event: AppointmentEvent,
): AppointmentState {
  switch (event.type) {
    case 'AppointmentBooked': {
      const { booked_at: _, ...details } = event.data;
      return { details };
    }
    case 'AppointmentStatusChanged':
      return state.details
        ? {
            ...state,
            details: { ...state.details, status: event.data.status },
            ...(event.data.status === 'Rejected'
              ? { rejectionReason: event.data.reason ?? null }
              : {}),
          }
        : state;
    case 'AppointmentRescheduled':
      return state.details
        ? {
            ...state,
            details: {
              ...state.details,
              start_date: event.data.start_date,
              end_date: event.data.end_date,
            },
          }
        : state;
    case 'AppointmentCanceled':
      return state.details
        ? { ...state, details: { ...state.details, status: 'Canceled' } }
        : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
