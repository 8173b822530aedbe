import type { AppointmentStatus } from '../appointment-status';

/** A change of one slot's free places, pushed to `calendar:<id>`. */
export interface SlotChangedMessage {
  readonly calendar_id: string;
  readonly slot_id: string;
  readonly start_date: string;
  readonly action: 'increment' | 'decrement' | 'removed';
  /** Places left after the change. */
  readonly booking_capacity: number;
  readonly position: number;
}

/** An appointment's status, pushed to its room and its patient's and practice's rooms. */
export interface AppointmentStatusMessage {
  readonly appointmentId: string;
  readonly patientId: string;
  readonly providerId: string | null;
  readonly resourceId: string | null;
  readonly externalAppointmentId: string | null;
  readonly status: AppointmentStatus;
  readonly publishDate: string;
  readonly position: number;
}

/** A calendar's settings changed: open week views fetch the week again. */
export interface CalendarChangedMessage {
  readonly calendar_id: string;
  /** Booked appointments whose slot the new settings no longer offer (kept, and flagged). */
  readonly outside_schedule: readonly string[];
  readonly position: number;
}
