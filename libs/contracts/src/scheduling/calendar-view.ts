export const CALENDAR_VISIT_TYPES = ['Office', 'Telehealth', 'Resource'] as const;
export type CalendarVisitType = (typeof CALENDAR_VISIT_TYPES)[number];

/** A blocked span of time: no slot that overlaps it is offered. */
export interface MarkedTimeSpan {
  readonly start: string;
  readonly end: string;
}

/** A visit reason as one calendar offers it (the spec's Reason: week_time_frame, immediate check-in). */
export interface CalendarReason {
  readonly title: string;
  /** [from, to] weeks from today, or n for the next n weeks; none: the calendar's own dates. */
  readonly week_time_frame?: readonly number[];
  /** A patient may check in for a visit with this reason on its day, whatever can_check_in says. */
  readonly allow_immediate_checkin?: boolean;
}

/** A span of opening hours in the facility's local wall-clock time, HH:mm (end up to 24:00). */
export interface HoursSpan {
  readonly start: string;
  readonly end: string;
}

/** One weekday's spans of hours (ISO weekday, 1 = Monday); none: closed that day. */
export interface WeekdayHours {
  readonly weekday: number;
  readonly spans: readonly HoursSpan[];
}

/** Hours per weekday, split shifts allowed: as answered, all seven days, Monday first. */
export type WeeklyHours = readonly WeekdayHours[];

/**
 * The spec's calendar settings, which decide which slots exist and how they are offered, as the
 * API answers them (GET calendars/{id}, GET calendars, GET practices/{id}/calendars): every
 * setting present.
 */
export interface CalendarView {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly name: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  /** IANA zone of the facility: hours and days are local to it. */
  readonly time_zone: string;
  readonly visit_type: CalendarVisitType;
  readonly first_hour: number;
  readonly last_hour: number;
  /** Minutes between slot starts, and each slot's length. */
  readonly time_step: number;
  /** ISO weekdays with hours, 1 = Monday. */
  readonly working_days: readonly number[];
  /**
   * The hours that place slots, per weekday with any number of spans (split shifts). A calendar
   * whose weekly hours were never set answers them derived from first_hour, last_hour and
   * working_days; once set, they place the slots and those three are what they were.
   */
  readonly weekly_hours: WeeklyHours;
  readonly date_from: string;
  readonly date_to: string | null;
  readonly booking_capacity: number;
  readonly marked_time_spans: readonly MarkedTimeSpan[];
  readonly minutes_before_showing_slots: number;
  readonly slots_hide_hours: number;
  readonly online_booking_disabled: boolean;
  readonly wait_list_enabled: boolean;
  readonly can_check_in: boolean;
  /** A patient's own check-in opens this many minutes before the visit starts (default 60). */
  readonly check_in_opens_minutes_before: number;
  /** It closes this many minutes after the start (default 15). The desk checks in at any time. */
  readonly check_in_closes_minutes_after: number;
  /** When active, bookings wait as Pending for a provider, staff member or admin to accept. */
  readonly accept_reject_enabled: boolean;
  readonly hold_minutes: number;
  /** Titles of the visit reasons the calendar offers; none listed offers every one. */
  readonly reasons: readonly string[];
  /** The rules of the reasons listed in `reasons` that have any; kept in step with `reasons`. */
  readonly associated_reasons: readonly CalendarReason[];
  /** Booking wizard: the custom forms the patient fills in (ids), in order. */
  readonly custom_form_ids: readonly string[];
  /** Booking wizard: ask for the patient's demographics. */
  readonly collect_patient_demographics: boolean;
  /** Booking wizard: the insurance step (spec: default true). */
  readonly enable_insurance: boolean;
  /** Booking wizard: check the insurance's eligibility. */
  readonly enable_insurance_eligibility: boolean;
  /** Bookings on this calendar are lab tests (is_lab_test_appointment); default false. */
  readonly is_lab_test: boolean;
}
