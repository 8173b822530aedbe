import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { ConsistentReadQuery } from './practice.dto';

/** Booking texts from the spec's error catalogue (section 8), shown verbatim. */
export const BOOKING_MESSAGES = {
  alreadyBooked: 'Please choose a different time slot as this one is no longer available.',
  patientAlreadyBooked: 'Appointment is already booked for this Patient',
  sameSlot: 'You already have an appointment for the selected slot. Please choose another one.',
  unableToBook: 'Unable to book appointment.',
  booked: 'Appointment booked successfully.',
  requestSent: 'Appointment request sent!',
  notAvailable: 'calendar timeslot is not available',
  rescheduled: 'Appointment booked on new slot',
  checkInUnavailable: 'Unable to check-in at the moment',
  changedMeanwhile: 'This appointment has changed in the meantime. Please reload it and try again.',
} as const;

/** The spec's appointment statuses, exactly. */
export const APPOINTMENT_STATUSES = [
  'No-Show',
  'Pending',
  'Accepted',
  'Rejected',
  'Scheduled',
  'Confirmed',
  'Canceled',
  'Checked-In',
  'Checked-Out',
  'Waiting-Room',
  'In Progress',
  'Waiting-List',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const invalid = { message: 'Invalid' };

export class MarkedTimeSpanDto {
  @IsISO8601({ strict: true }, invalid)
  start!: string;

  @IsISO8601({ strict: true }, invalid)
  end!: string;
}

/** Calendar rules that are optional when creating as well as when changing a calendar. */
export class CalendarRulesDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(7, { each: true })
  working_days?: number[];

  @IsOptional()
  @Matches(DAY, invalid)
  date_to?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @ValidateNested({ each: true })
  @Type(() => MarkedTimeSpanDto)
  marked_time_spans?: MarkedTimeSpanDto[];

  @IsOptional()
  @IsInt(invalid)
  @Min(0)
  @Max(10_080)
  minutes_before_showing_slots?: number;

  @IsOptional()
  @IsInt(invalid)
  @Min(0)
  @Max(8_760)
  slots_hide_hours?: number;

  @IsOptional()
  @IsBoolean(invalid)
  online_booking_disabled?: boolean;

  @IsOptional()
  @IsBoolean(invalid)
  wait_list_enabled?: boolean;

  @IsOptional()
  @IsBoolean(invalid)
  can_check_in?: boolean;

  @IsOptional()
  @IsBoolean(invalid)
  accept_reject_enabled?: boolean;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(120)
  hold_minutes?: number;

  /** Titles of the visit reasons this calendar offers; none listed offers every reason. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  reasons?: string[];

  /** Booking wizard: the custom forms the patient fills in, by id, in order. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Length(1, 100, { each: true })
  custom_form_ids?: string[];

  /** Booking wizard: ask for the patient's demographics. */
  @IsOptional()
  @IsBoolean(invalid)
  collect_patient_demographics?: boolean;

  /** Booking wizard: the insurance step (default true). */
  @IsOptional()
  @IsBoolean(invalid)
  enable_insurance?: boolean;

  /** Booking wizard: check the insurance's eligibility. */
  @IsOptional()
  @IsBoolean(invalid)
  enable_insurance_eligibility?: boolean;
}

/** The minutes a calendar's slots may last (and start apart). */
export const CALENDAR_TIME_STEPS: readonly number[] = [5, 10, 15, 20, 30, 45, 60, 90, 120];
const TIME_STEPS = [...CALENDAR_TIME_STEPS];

export class CreateCalendarDto extends CalendarRulesDto {
  @IsString(invalid)
  @Length(1, 100)
  name!: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  provider_id?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  resource_id?: string;

  @IsUUID(undefined, invalid)
  facility_id!: string;

  @IsTimeZone(invalid)
  time_zone!: string;

  @IsIn(['Office', 'Telehealth', 'Resource'], invalid)
  visit_type!: 'Office' | 'Telehealth' | 'Resource';

  @IsInt(invalid)
  @Min(0)
  @Max(23)
  first_hour!: number;

  @IsInt(invalid)
  @Min(1)
  @Max(24)
  last_hour!: number;

  @IsInt(invalid)
  @IsIn(TIME_STEPS, invalid)
  time_step!: number;

  @Matches(DAY, invalid)
  date_from!: string;

  @IsInt(invalid)
  @Min(1)
  @Max(500)
  booking_capacity!: number;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

/** GET calendar by facility and provider or resource (spec: Calendars used by booking). */
export class CalendarLookupQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsUUID(undefined, invalid)
  provider_id?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  resource_id?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  facility_id?: string;

  @IsOptional()
  @IsIn(['Office', 'Telehealth', 'Resource'], invalid)
  visit_type?: 'Office' | 'Telehealth' | 'Resource';
}

/** The week to show, and (as every read) an optional min_position to wait for. */
export class WeekQuery extends ConsistentReadQuery {
  @IsOptional()
  @Matches(DAY, invalid)
  start_date?: string;
}

/** Next availability; reason-based adds the reason's title (its week_time_frame applies). */
export class NextAvailabilityQuery extends WeekQuery {
  @IsOptional()
  @IsString(invalid)
  @Length(1, 100)
  selectedReasonTitle?: string;
}

/**
 * The spec's reason-based week: the week of the provider's (or resource's) calendar at a facility
 * that offers the selected reason, within the reason's week_time_frame.
 */
export class ReasonWeekDto {
  @IsOptional()
  @IsUUID(undefined, invalid)
  provider_id?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  resource_id?: string;

  @IsUUID(undefined, invalid)
  facility_id!: string;

  @IsString(invalid)
  @Length(1, 100)
  selected_reason_title!: string;

  @IsOptional()
  @Matches(DAY, invalid)
  start_date?: string;

  @IsOptional()
  @Matches(DAY, invalid)
  end_date?: string;
}

export class HoldSlotDto {
  @IsISO8601({ strict: true }, invalid)
  start_date!: string;

  /** Whom the slot is held for: the caller or a family member; defaults to the caller. */
  @IsOptional()
  @IsUUID(undefined, invalid)
  patient_id?: string;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

/** A walk-in visit: no slot, it starts now and joins the provider's queue. */
export class WalkInDto {
  @IsUUID(undefined, invalid)
  calendar_id!: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  patient_id?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(200)
  reason?: string;

  @IsOptional()
  @IsUUID()
  command_id?: string;
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
    participant_type: 'Patient' | 'Provider';
  }[];
  readonly meeting_history: readonly unknown[];
}

export class BookAppointmentDto {
  @IsUUID(undefined, invalid)
  calendar_id!: string;

  @IsISO8601({ strict: true }, invalid)
  start_date!: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  patient_id?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  hold_id?: string;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(200)
  reason?: string;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

/** A change made on what the client saw: with `expected_revision`, a change in between is a 409. */
export class AppointmentChangeDto {
  @IsOptional()
  @IsInt(invalid)
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  expected_revision?: number;
}

export class CancelAppointmentDto extends AppointmentChangeDto {
  @IsOptional()
  @IsString(invalid)
  @MaxLength(500)
  reason?: string;
}

export class ChangeAppointmentStatusDto extends AppointmentChangeDto {
  @IsIn(APPOINTMENT_STATUSES, invalid)
  status!: AppointmentStatus;
}

export class RescheduleAppointmentDto extends AppointmentChangeDto {
  @IsISO8601({ strict: true }, invalid)
  start_date!: string;
}

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

/** Far past any real list; keeps the row offset within PostgreSQL's bigint. */
export const MAX_PAGE_NO = 1_000_000;

/** The spec's list filters (query names as the spec writes them) and paging. */
export class AppointmentListQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsUUID(undefined, invalid)
  doctorId?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  staffId?: string;

  @IsOptional()
  @IsUUID(undefined, invalid)
  patientId?: string;

  @IsOptional()
  @Matches(DAY, invalid)
  startDate?: string;

  @IsOptional()
  @Matches(DAY, invalid)
  endDate?: string;

  @IsOptional()
  @IsIn(APPOINTMENT_STATUSES, invalid)
  status?: AppointmentStatus;

  @IsOptional()
  @IsIn(['Office', 'Telehealth', 'Resource'], invalid)
  visitType?: string;

  @IsOptional()
  @IsIn(['Scheduled', 'WalkIn', 'Walk-In'], invalid)
  scheduleType?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1)
  @Max(MAX_PAGE_NO)
  pageNo?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1)
  @Max(100)
  pageSize?: number;
}

export class RequestsQueryDto {
  @IsOptional()
  @IsUUID(undefined, invalid)
  user_id?: string;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(MAX_PAGE_NO)
  page_no?: number;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(100)
  page_size?: number;
}

export class DoctorCountQuery extends ConsistentReadQuery {
  @IsUUID(undefined, invalid)
  doctorId!: string;

  @IsOptional()
  @Matches(DAY, invalid)
  date?: string;
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
  readonly time_zone: string;
  readonly patient_name: string | null;
  readonly provider_name: string | null;
  /** The calendar no longer offers this slot (hours or blocks changed after booking). */
  readonly outside_schedule: boolean;
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

/** Changes to a calendar's settings; what is left out keeps its value. */
export class UpdateCalendarDto extends CalendarRulesDto {
  @IsOptional()
  @IsString(invalid)
  @Length(1, 100)
  name?: string;

  @IsOptional()
  @IsInt(invalid)
  @Min(0)
  @Max(23)
  first_hour?: number;

  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(24)
  last_hour?: number;

  @IsOptional()
  @IsIn(TIME_STEPS, invalid)
  time_step?: number;

  @IsOptional()
  @Matches(DAY, invalid)
  date_from?: string;

  /**
   * Places per slot from now on, slots already held or booked included: a rise offers the new
   * places live; a drop cancels no booking (a slot offers max(0, capacity - booked - held)).
   */
  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(500)
  booking_capacity?: number;
}

/** A visit reason as one calendar offers it: its window of weeks and immediate check-in. */
export class CalendarReasonDto {
  @IsString(invalid)
  @Length(1, 100)
  title!: string;

  /** [from, to] weeks from today, or [n] for the next n weeks; empty or absent: no window. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(2)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(104, { each: true })
  week_time_frame?: number[];

  @IsOptional()
  @IsBoolean(invalid)
  allow_immediate_checkin?: boolean;
}

/** The reason a calendar stops offering. */
export class RemoveCalendarReasonDto {
  @IsString(invalid)
  @Length(1, 100)
  title!: string;
}

/** A calendar's settings changed: open week views fetch the week again. */
export interface CalendarChangedMessage {
  readonly calendar_id: string;
  /** Booked appointments whose slot the new settings no longer offer (kept, and flagged). */
  readonly outside_schedule: readonly string[];
  readonly position: number;
}
