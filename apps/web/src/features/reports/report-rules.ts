import {
  APPOINTMENT_STATUSES,
  type AppointmentReport,
  type AppointmentStatus,
  type ReportPeriod,
} from '@medbook/contracts';

/** The report's filters as the page holds them (days YYYY-MM-DD; '' is every one). */
export interface ReportFilters {
  readonly from: string;
  readonly to: string;
  readonly period: ReportPeriod;
  readonly providerId: string;
  readonly status: AppointmentStatus | '';
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/** The four weeks before today and the four after it, by week: the API's own default. */
export const defaultReportFilters = (today = new Date()): ReportFilters => ({
  from: day(plusDays(today, -28)),
  to: day(plusDays(today, 28)),
  period: 'week',
  providerId: '',
  status: '',
});

export function reportQuery(filters: ReportFilters): URLSearchParams {
  const query = new URLSearchParams({ period: filters.period });
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.providerId) query.set('provider_id', filters.providerId);
  if (filters.status) query.set('status', filters.status);
  return query;
}

/** The statuses that hold any appointment, in the spec's order: the table's columns. */
export const statusColumns = (report: Pick<AppointmentReport, 'totals'>): AppointmentStatus[] =>
  APPOINTMENT_STATUSES.filter((status) => (report.totals.by_status[status] ?? 0) > 0);

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** A period's first day as people say it: "Mon, Apr 6, 2026", "Week of Apr 6, 2026", "April 2026". */
export function periodLabel(period: ReportPeriod, start: string): string {
  const date = new Date(`${start}T12:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) =>
    date.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
  switch (period) {
    case 'day':
      return format({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
    case 'week':
      return `Week of ${format({ month: 'short', day: 'numeric', year: 'numeric' })}`;
    case 'month':
      return format({ month: 'long', year: 'numeric' });
    default: {
      const never: never = period;
      return never;
    }
  }
}
