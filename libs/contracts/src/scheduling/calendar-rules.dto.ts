import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsISO8601,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { invalid } from '../validation-options';
import { IsCalendarDate } from '../calendar-date';
import { MAX_SPANS_PER_DAY, TIME_OF_DAY } from './calendar-checks';

export class MarkedTimeSpanDto {
  @IsISO8601({ strict: true }, invalid)
  start!: string;

  @IsISO8601({ strict: true }, invalid)
  end!: string;
}

/** A span of hours, local wall-clock time HH:mm (24:00 is the day's end). */
export class HoursSpanDto {
  @IsString(invalid)
  @Matches(TIME_OF_DAY, invalid)
  start!: string;

  @IsString(invalid)
  @Matches(TIME_OF_DAY, invalid)
  end!: string;
}

/** One weekday's spans of hours; an empty list (or the day left out) is closed. */
export class WeekdayHoursDto {
  @IsInt(invalid)
  @Min(1)
  @Max(7)
  weekday!: number;

  @IsArray()
  @ArrayMaxSize(MAX_SPANS_PER_DAY)
  @ValidateNested({ each: true })
  @Type(() => HoursSpanDto)
  spans!: HoursSpanDto[];
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

  /**
   * Hours per weekday, several spans a day (split shifts); they place the slots instead of
   * first_hour, last_hour and working_days. null goes back to those (as does changing them).
   */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(7)
  @ValidateNested({ each: true })
  @Type(() => WeekdayHoursDto)
  weekly_hours?: WeekdayHoursDto[] | null;

  @IsOptional()
  @IsCalendarDate(invalid)
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

  /** A patient's check-in opens this many minutes before the start (at most a day). */
  @IsOptional()
  @IsInt(invalid)
  @Min(0)
  @Max(1_440)
  check_in_opens_minutes_before?: number;

  /** It closes this many minutes after the start (at most a day). */
  @IsOptional()
  @IsInt(invalid)
  @Min(0)
  @Max(1_440)
  check_in_closes_minutes_after?: number;

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

  /** Bookings on this calendar are lab tests (their is_lab_test_appointment is true). */
  @IsOptional()
  @IsBoolean(invalid)
  is_lab_test?: boolean;
}
