import type { AppointmentStatus, ReportPeriod } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';

export interface AppointmentReportFilter {
  readonly practiceId: string;
  /** First and last days (YYYY-MM-DD, included), in each visit's facility zone. */
  readonly from: string;
  readonly to: string;
  readonly period: ReportPeriod;
  readonly providerId: string | null;
  readonly status: AppointmentStatus | null;
}

/** One period's count for one provider (or resource) and status. */
export interface AppointmentCount {
  readonly period_start: string;
  readonly provider_id: string | null;
  readonly provider_name: string;
  readonly status: AppointmentStatus;
  readonly count: number;
}

const TRUNCATE: Record<ReportPeriod, ReturnType<typeof sql.lit>> = {
  day: sql.lit('day'),
  week: sql.lit('week'),
  month: sql.lit('month'),
};

/** Counts from the appointments' read model (walk-ins and resource visits included). */
@Injectable()
export class AppointmentReportRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async counts(filter: AppointmentReportFilter): Promise<AppointmentCount[]> {
    const local = sql`(a.start_date AT TIME ZONE a.time_zone)`;
    const provider = filter.providerId ? sql`AND a.provider_id = ${filter.providerId}` : sql``;
    const status = filter.status ? sql`AND a.status = ${filter.status}` : sql``;
    // The UTC bounds only let the (practice_id, start_date) index narrow the rows: no zone is
    // more than 14 hours off UTC; the local day decides.
    const { rows } = await sql<Omit<AppointmentCount, 'count'> & { count: string }>`
      SELECT to_char(date_trunc(${TRUNCATE[filter.period]}, ${local}), 'YYYY-MM-DD') AS period_start,
             a.provider_id::text AS provider_id,
             coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), r.name, 'No provider')
               AS provider_name,
             a.status,
             count(*) AS count
        FROM rm_appointments a
        LEFT JOIN rm_users u ON u.user_id = a.provider_id
        LEFT JOIN rm_directory_entries r ON r.kind = 'resource' AND r.id = a.resource_id
       WHERE a.practice_id = ${filter.practiceId}
         AND a.start_date >= ${filter.from}::date - interval '1 day'
         AND a.start_date < ${filter.to}::date + interval '2 days'
         AND ${local}::date BETWEEN ${filter.from}::date AND ${filter.to}::date
         ${provider} ${status}
       GROUP BY 1, a.provider_id, a.resource_id, 3, a.status
       ORDER BY 1, 3, 2, a.status`.execute(this.database.db);
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }

  /** The practice's providers by name: the report's provider choices. */
  async providers(
    practiceId: string,
    only: string | null,
  ): Promise<{ id: string; name: string }[]> {
    const { rows } = await sql<{ id: string; name: string }>`
      SELECT u.user_id::text AS id, trim(u.first_name || ' ' || u.last_name) AS name
        FROM rm_users u
       WHERE u.practice_id = ${practiceId} AND u.type = 'Provider'
         ${only ? sql`AND u.user_id = ${only}` : sql``}
       ORDER BY name, id`.execute(this.database.db);
    return rows;
  }
}
