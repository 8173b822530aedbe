import type {
  AppointmentInsurance,
  AppointmentScreeningView,
  OnlineVisitPaymentView,
} from './coverage';
import { IsIn, IsUUID, ValidateIf } from 'class-validator';
import type { AppointmentStatus } from '../appointment-status';
import { IsCalendarDate } from '../calendar-date';
import { ConsistentReadQuery } from '../read-your-writes';
import { invalid } from '../validation-options';
import type { CalendarVisitType } from './calendar-view';

export const SCHEDULE_VIEWS = ['day', 'week'] as const;
export type ScheduleViewKind = (typeof SCHEDULE_VIEWS)[number];

/** Days a week view of one calendar covers, from the Monday of the date's week. */
export const SCHEDULE_WEEK_DAYS = 7;

/**
 * GET practices/{practice_id}/schedule: the practice's day (a column per calendar), or one
 * calendar's week (a column per day).
 */
export class ScheduleQuery extends ConsistentReadQuery {
  /** A facility-local day, YYYY-MM-DD. */
  @IsCalendarDate(invalid)
  date!: string;

  @IsIn(SCHEDULE_VIEWS, invalid)
  view!: ScheduleViewKind;

  /** The calendar a week shows (required for view=week; narrows a day to one column). */
  @ValidateIf((query: ScheduleQuery) => query.view === 'week' || query.calendar_id !== undefined)
  @IsUUID(undefined, invalid)
  calendar_id?: string;
}

/** An appointment as a block of the grid. */
export interface ScheduleAppointment {
  readonly appointment_id: string;
  readonly patient_id: string;
  readonly patient_name: string | null;
  readonly visit_type: string;
  readonly visit_schedule_type: string;
  readonly status: AppointmentStatus;
  readonly start_date: string;
  readonly end_date: string;
  readonly reason: string | null;
  /** The calendar no longer offers this slot (hours or blocks changed after booking). */
  readonly outside_schedule: boolean;
}

/** One of the calendar's slots that day: places left after bookings and holds. */
export interface ScheduleSlot {
  readonly start_date: string;
  readonly end_date: string;
  readonly booking_capacity: number;
  readonly capacity: number;
}

/** One column of the grid: a calendar on one facility-local day. */
export interface ScheduleColumn {
  readonly calendar_id: string;
  readonly day: string;
  readonly appointments: readonly ScheduleAppointment[];
  /** Every scheduled slot of the day, full ones with booking_capacity 0. */
  readonly slots: readonly ScheduleSlot[];
}

/** A calendar as the grid heads its column(s). */
export interface ScheduleCalendar {
  readonly calendar_id: string;
  readonly name: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  /** The provider's or resource's name (the calendar's name when neither is known). */
  readonly owner_name: string;
  readonly visit_type: CalendarVisitType;
  readonly time_zone: string;
  readonly time_step: number;
  readonly first_hour: number;
  readonly last_hour: number;
}

export interface ScheduleView {
  readonly practice_id: string;
  readonly view: ScheduleViewKind;
  /** The day asked for (day view) or the week's Monday (week view). */
  readonly start_date: string;
  readonly end_date: string;
  /** Every calendar of the practice (the picker), whichever the columns show. */
  readonly calendars: readonly ScheduleCalendar[];
  readonly columns: readonly ScheduleColumn[];
}

/** GET practices/{practice_id}/schedule/appointments/{id}: what the front desk opens a block for. */
export interface ScheduleAppointmentDetail extends ScheduleAppointment {
  readonly calendar_id: string;
  readonly calendar_name: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly owner_name: string | null;
  readonly time_zone: string;
  readonly patient_phone: string | null;
  readonly patient_email: string | null;
  readonly patient_birth_date: string | null;
  /** Family member's relationship to the account holder, null for the account holder. */
  readonly relationship: string | null;
  readonly booked_by: string;
  readonly booked_by_name: string | null;
  readonly created_on: string;
  readonly updated_at: string;
  readonly cancel_reason: string | null;
  readonly rejected_by: string | null;
  /** How the visit is paid for, as chosen at booking; null when the booking said nothing. */
  readonly insurance: AppointmentInsurance | null;
  /** The screening answers given for this booking. */
  readonly screenings: readonly AppointmentScreeningView[];
  /** The visit fee paid online for it; null when none was. */
  readonly online_visit_payment: OnlineVisitPaymentView | null;
}
