import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsTimeZone,
  IsUUID,
  Length,
  Max,
  Min,
} from 'class-validator';
import { ConsistentReadQuery } from '../read-your-writes';
import { MAX_BOOKING_CAPACITY } from './calendar-checks';
import { CalendarRulesDto } from './calendar-rules.dto';
import { CALENDAR_VISIT_TYPES, type CalendarVisitType, type WeeklyHours } from './calendar-view';
import { invalid } from '../validation-options';
import { IsCalendarDate } from '../calendar-date';

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

  @IsIn(CALENDAR_VISIT_TYPES, invalid)
  visit_type!: CalendarVisitType;

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

  @IsCalendarDate(invalid)
  date_from!: string;

  @IsInt(invalid)
  @Min(1)
  @Max(MAX_BOOKING_CAPACITY)
  booking_capacity!: number;

  @IsOptional()
  @IsUUID()
  command_id?: string;
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
  @IsCalendarDate(invalid)
  date_from?: string;

  /**
   * Places per slot from now on, slots already held or booked included: a rise offers the new
   * places live; a drop cancels no booking (a slot offers max(0, capacity - booked - held)).
   */
  @IsOptional()
  @IsInt(invalid)
  @Min(1)
  @Max(MAX_BOOKING_CAPACITY)
  booking_capacity?: number;
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
  @IsIn(CALENDAR_VISIT_TYPES, invalid)
  visit_type?: CalendarVisitType;
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

/**
 * POST calendars/{id}/preview: the week a change of settings would offer, checked by the same
 * rules and placed by the same slot generation as a saved change; nothing is recorded.
 */
export class CalendarPreviewDto extends UpdateCalendarDto {
  /** The week's first day (facility-local); by default the Monday of the current week. */
  @IsOptional()
  @IsCalendarDate(invalid)
  start_date?: string;
}

/**
 * POST practices/{id}/calendars/preview: the week a new calendar would offer, its settings checked
 * as a creation checks them; nothing is recorded.
 */
export class NewCalendarPreviewDto extends CreateCalendarDto {
  /** The first day (facility-local); by default today. */
  @IsOptional()
  @IsCalendarDate(invalid)
  start_date?: string;
}

/** The slots of seven facility-local days a calendar's settings would offer (capacity aside). */
export interface CalendarPreviewView {
  readonly calendar_id: string;
  readonly time_zone: string;
  readonly start_date: string;
  readonly time_step: number;
  readonly weekly_hours: WeeklyHours;
  readonly days: readonly {
    readonly day: string;
    readonly slots: readonly { readonly start_date: string; readonly end_date: string }[];
  }[];
}
