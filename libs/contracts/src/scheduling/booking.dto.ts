import {
  ArrayMaxSize,
  IsArray,
  IsISO8601,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Matches,
  Min,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '../appointment-status';
import { ConsistentReadQuery } from '../read-your-writes';
import { invalid } from '../validation-options';
import { DATE_RANGE_MESSAGE, IsCalendarDate, IsInstant, IsNotBeforeDate } from '../calendar-date';
import { REJECT_REASON_MAX_LENGTH, REQUEST_MESSAGES } from './request-decisions';
import { BOOKING_MESSAGES } from './messages';
import { INSURANCE_CHOICES, type InsuranceChoiceKind, MEMBER_ID_PATTERN } from './coverage';

/** The week to show, and (as every read) an optional min_position to wait for. */
export class WeekQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsCalendarDate(invalid)
  start_date?: string;
}

/**
 * The week as it was offered at an instant (issue 16, time travel): folded from the log up to
 * `as_of`, with "now" at that instant.
 */
export class WeekAsOfQuery extends WeekQuery {
  @IsOptional()
  @IsInstant(invalid)
  as_of?: string;
}

/** An appointment as it stood at an instant (folded from its stream up to `as_of`). */
export class AsOfQuery {
  @IsOptional()
  @IsInstant(invalid)
  as_of?: string;
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
  @IsCalendarDate(invalid)
  start_date?: string;

  @IsOptional()
  @IsCalendarDate(invalid)
  @IsNotBeforeDate('start_date', { message: DATE_RANGE_MESSAGE })
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

  /**
   * What the patient chose at the wizard's insurance stage: an insurance (with `insurance_name`
   * from the insurance list and, optionally, `member_id`) or one of the no-insurance choices.
   */
  @IsOptional()
  @IsIn(INSURANCE_CHOICES, invalid)
  insurance_choice?: InsuranceChoiceKind;

  @ValidateIf((dto: BookAppointmentDto) => dto.insurance_choice === 'insurance')
  @IsString(invalid)
  @MinLength(1, invalid)
  @MaxLength(100, invalid)
  insurance_name?: string;

  @ValidateIf((dto: BookAppointmentDto) => dto.member_id !== undefined)
  @IsString(invalid)
  @Matches(MEMBER_ID_PATTERN, { message: BOOKING_MESSAGES.memberIdInvalid })
  member_id?: string;

  /** The screening answers submitted for this booking (POST /calendars/{id}/screening). */
  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(20, invalid)
  @IsUUID(undefined, { ...invalid, each: true })
  screening_ids?: string[];

  /** The visit fee authorized for this booking (POST visit fee); required when a fee is due. */
  @IsOptional()
  @IsUUID(undefined, invalid)
  payment_id?: string;
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

  /** Why a request is rejected: required then, shown to the patient (issue 18). */
  @ValidateIf((dto: ChangeAppointmentStatusDto) => dto.status === 'Rejected' || dto.reason != null)
  @IsString({ message: REQUEST_MESSAGES.reasonRequired })
  @MinLength(1, { message: REQUEST_MESSAGES.reasonRequired })
  @MaxLength(REJECT_REASON_MAX_LENGTH, { message: REQUEST_MESSAGES.reasonTooLong })
  reason?: string;
}

export class RescheduleAppointmentDto extends AppointmentChangeDto {
  @IsISO8601({ strict: true }, invalid)
  start_date!: string;
}
