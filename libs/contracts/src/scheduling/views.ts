import type { AppointmentStatus } from '../appointment-status';

export interface TimeSlotView {
  readonly id: string;
  readonly calendar_id: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly booking_capacity: number;
  readonly is_available: boolean;
}

export interface DayView {
  readonly day: string;
  readonly calendar_id: string;
  readonly time_slots: readonly TimeSlotView[];
}

export interface WeekView {
  readonly calendar_id: string;
  readonly time_zone: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly online_booking_disabled: boolean;
  readonly days: readonly DayView[];
}

/** GET calendars/{id}/next-availability: the first day with a free slot, and that slot. */
export interface NextAvailableDayView {
  readonly next_available_date: string | null;
  readonly start_date: string | null;
}

export interface HoldView {
  readonly hold_id: string;
  readonly calendar_id: string;
  readonly start_date: string;
  readonly expires_at: string;
  readonly position: number;
}

export interface BookingResult {
  readonly appointment_id: string;
  readonly status: AppointmentStatus;
  readonly position: number;
}

/** The spec's tele appointment additions. */
export interface TeleAppointmentView {
  readonly appointment_id: string;
  readonly status: AppointmentStatus;
  readonly start_date: string;
  readonly end_date: string;
  readonly system_type: 'Internal' | 'External';
  readonly consents: readonly unknown[];
  readonly is_lab_test_appointment: boolean;
  readonly participant_ids: readonly string[];
  readonly participants: readonly {
    participant_id: string;
    participant_type: 'Patient' | 'Provider' | 'Staff' | 'Guest';
  }[];
  readonly meeting_history: readonly {
    readonly action: string;
    readonly participant_id: string;
    readonly name: string;
    readonly at: string;
  }[];
  /** The meeting's own id (the appointment's): what the meeting route takes. */
  readonly join_meeting_id: string;
  /** The tele meeting status: not_started, started (leaving asks first) or ended. */
  readonly tele_meeting_status: 'not_started' | 'started' | 'ended';
  readonly visit_status: 'not_started' | 'started' | 'ended';
  readonly visit_started_by: string | null;
  readonly visit_start_time: string | null;
  readonly chat_started: boolean;
  /** The provider's session notes; null for the patient. */
  readonly session_notes: string | null;
}

/** A facility's postal address as appointment lists carry it. */
export interface AppointmentFacilityAddress {
  readonly address1: string;
  readonly address2?: string;
  readonly city: string;
  readonly state: string;
  readonly zip_code: string;
}

/** An appointment as lists carry it (spec: Appointment, snake_case). */
export interface AppointmentView {
  readonly appointment_id: string;
  readonly external_appointment_id: string | null;
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly facility_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly patient_id: string;
  readonly start_date: string;
  readonly end_date: string;
  readonly created_on: string;
  readonly status: AppointmentStatus;
  readonly visit_type: string;
  readonly visit_schedule_type: string;
  readonly reason: string | null;
  readonly rejected_by: string | null;
  /** Why the practice rejected the request (null unless Rejected; old rejections have none). */
  readonly rejection_reason: string | null;
  /** Why it was canceled, when the one who canceled said (null otherwise). */
  readonly cancel_reason: string | null;
  /** The facility's name and postal address (null when the directory has none). */
  readonly facility_name: string | null;
  readonly facility_address: AppointmentFacilityAddress | null;
  readonly time_zone: string;
  readonly patient_name: string | null;
  readonly provider_name: string | null;
  /** The room, lab or equipment booked (a Resource visit); null for a provider's visit. */
  readonly resource_name: string | null;
  /** Booked on a calendar marked as a lab test. */
  readonly is_lab_test_appointment: boolean;
  /** The calendar no longer offers this slot (hours or blocks changed after booking). */
  readonly outside_schedule: boolean;
  /**
   * The spec's survey_link: the post-visit survey, once the visit is completed and its provider
   * asks for one (kept by the reviews projection; see GET /appointments/{id}/survey).
   */
  readonly survey_link: string | null;
  /** The spec's review_given: the patient has reviewed this visit. */
  readonly review_given: boolean;
  /** When its last change took place (for a Waiting-Room visit: since when the patient waits). */
  readonly updated_at: string;
}

export interface AppointmentPage {
  readonly page_no: number;
  readonly page_size: number;
  readonly total_records: number;
  readonly appointments: readonly AppointmentView[];
}

export interface DoctorCounts {
  readonly walkinCount: number;
  readonly scheduledCount: number;
  readonly pendingCount: number;
}

export interface RequestLogView extends AppointmentView {
  readonly action: 'Accepted' | 'Rejected';
  readonly action_by_userid: string;
  readonly action_by_user_name: string | null;
  readonly action_at: string;
}
