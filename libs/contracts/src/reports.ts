import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from './appointment-status';
import { DATE_RANGE_MESSAGE, IsCalendarDate, IsNotBeforeDate } from './calendar-date';
import { ConsistentReadQuery } from './read-your-writes';
import { invalid } from './validation-options';

/** The periods the appointments report counts by; weeks start on Monday. */
export const REPORT_PERIODS = ['day', 'week', 'month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** Ours: the widest range one report covers (two years of days). */
export const REPORT_MAX_DAYS = 731;
export const REPORT_MESSAGES = {
  tooLong: 'The date range must not be longer than two years.',
  unknownProvider: 'The provider does not belong to this practice.',
} as const;

/**
 * The appointments report (/practice-admin/reports/analytics): how many appointments each period
 * and provider holds, by status. Days are the visit's own, in its facility's zone.
 */
export interface AppointmentReportRow {
  /** YYYY-MM-DD: the day, the week's Monday or the month's first day. */
  readonly period_start: string;
  /** Null for a resource's visit (a room, a lab): `provider_name` then names the resource. */
  readonly provider_id: string | null;
  readonly provider_name: string;
  readonly by_status: Readonly<Partial<Record<AppointmentStatus, number>>>;
  readonly total: number;
}

export interface AppointmentReport {
  readonly from: string;
  readonly to: string;
  readonly period: ReportPeriod;
  readonly provider_id: string | null;
  readonly status: AppointmentStatus | null;
  /** The practice's providers (a provider sees only themself): the filter's choices. */
  readonly providers: readonly { readonly id: string; readonly name: string }[];
  /** Oldest period first, then by provider name; periods with no appointment are left out. */
  readonly rows: readonly AppointmentReportRow[];
  readonly totals: {
    readonly by_status: Readonly<Partial<Record<AppointmentStatus, number>>>;
    readonly total: number;
  };
}

export class AppointmentReportQuery extends ConsistentReadQuery {
  /** The first day (YYYY-MM-DD, included). */
  @IsOptional()
  @IsCalendarDate(invalid)
  from?: string;

  /** The last day (YYYY-MM-DD, included). */
  @IsOptional()
  @IsCalendarDate(invalid)
  @IsNotBeforeDate('from', { message: DATE_RANGE_MESSAGE })
  to?: string;

  @IsOptional()
  @IsIn(REPORT_PERIODS, invalid)
  period?: ReportPeriod;

  @IsOptional()
  @IsUUID('all', invalid)
  provider_id?: string;

  @IsOptional()
  @IsIn(APPOINTMENT_STATUSES, invalid)
  status?: AppointmentStatus;
}
