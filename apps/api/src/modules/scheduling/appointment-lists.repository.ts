import {
  type AppointmentFacilityAddress,
  type AppointmentListQuery,
  type AppointmentPage,
  type AppointmentStatus,
  type AppointmentView,
  CALLED_OFF_STATUSES,
  type DoctorCounts,
  type RequestLogView,
  slotId,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import { DateTime } from 'luxon';
import { DATABASE, type Database } from '../../infra/database/database';
import type { AppointmentsTable } from '../../infra/database/database.types';

export const DEFAULT_PAGE_SIZE = 20;

export interface ListScope {
  readonly practiceId?: string;
  readonly providerId?: string;
  readonly patientIds?: readonly string[];
}

type Row = Selectable<AppointmentsTable> & {
  patient_name: string | null;
  provider_name: string | null;
  resource_name?: string | null;
  facility_name: string | null;
  facility_address: AppointmentFacilityAddress | null;
  survey_link?: string | null;
  review_given?: boolean | null;
};

/** The practice's and the patient's appointment lists, counts and request logs. */
@Injectable()
export class AppointmentListsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async list(
    scope: ListScope,
    query: AppointmentListQuery,
    zone = 'UTC',
  ): Promise<AppointmentPage> {
    const pageNo = query.pageNo ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const where: RawBuilder<unknown>[] = [sql`true`];
    if (scope.practiceId) where.push(sql`a.practice_id = ${scope.practiceId}`);
    if (scope.providerId) where.push(sql`a.provider_id = ${scope.providerId}`);
    if (scope.patientIds) where.push(sql`a.patient_id = ANY(${[...scope.patientIds]}::uuid[])`);
    if (query.startDate) where.push(sql`a.start_date >= ${dayStart(query.startDate, zone)}`);
    if (query.endDate) where.push(sql`a.start_date < ${dayStart(query.endDate, zone, 1)}`);
    if (query.status) where.push(sql`a.status = ${query.status}`);
    if (query.visitType) where.push(sql`a.visit_type = ${query.visitType}`);
    if (query.scheduleType) {
      const type = query.scheduleType === 'Scheduled' ? 'Scheduled' : 'WalkIn';
      where.push(sql`a.visit_schedule_type = ${type}`);
    }
    const { rows } = await sql<Row & { total: string }>`
      SELECT ${NAMED_COLUMNS}, count(*) OVER () AS total
        FROM rm_appointments a ${NAME_JOINS}
       WHERE ${sql.join(where, sql` AND `)}
       ORDER BY a.start_date, a.appointment_id
       LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(this.database.db);
    return {
      page_no: pageNo,
      page_size: pageSize,
      total_records: rows[0] ? Number(rows[0].total) : await this.count(where),
      appointments: rows.map(appointmentView),
    };
  }

  /** Past the last page there are no rows to carry the total: count on its own. */
  private async count(where: RawBuilder<unknown>[]): Promise<number> {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM rm_appointments a
      WHERE ${sql.join(where, sql` AND `)}`.execute(this.database.db);
    return Number(rows[0]?.n ?? 0);
  }

  /** A doctor's walk-in, scheduled and pending counts for a facility-local day (default today). */
  doctorCounts(providerId: string, day: string | undefined, zone: string): Promise<DoctorCounts> {
    return this.counts({ providerId }, day, zone);
  }

  /** The same counts for a whole practice (the staff's and the admin's dashboards). */
  practiceCounts(practiceId: string, day: string | undefined, zone: string): Promise<DoctorCounts> {
    return this.counts({ practiceId }, day, zone);
  }

  private async counts(
    scope: { providerId: string } | { practiceId: string },
    day: string | undefined,
    zone: string,
  ): Promise<DoctorCounts> {
    const date = day ?? DateTime.now().setZone(zone).toISODate()!;
    const rows = await this.database.db
      .selectFrom('rm_appointments')
      .select(['visit_schedule_type', 'status', (eb) => eb.fn.countAll<string>().as('n')])
      .$if('providerId' in scope, (qb) =>
        qb.where('provider_id', '=', (scope as { providerId: string }).providerId),
      )
      .$if('practiceId' in scope, (qb) =>
        qb.where('practice_id', '=', (scope as { practiceId: string }).practiceId),
      )
      .where('start_date', '>=', dayStart(date, zone))
      .where('start_date', '<', dayStart(date, zone, 1))
      .where('status', 'not in', [...CALLED_OFF_STATUSES])
      .groupBy(['visit_schedule_type', 'status'])
      .execute();
    const count = (match: (r: (typeof rows)[number]) => boolean) =>
      rows.filter(match).reduce((sum, r) => sum + Number(r.n), 0);
    return {
      walkinCount: count((r) => r.visit_schedule_type === 'WalkIn'),
      scheduledCount: count((r) => r.visit_schedule_type === 'Scheduled' && r.status !== 'Pending'),
      pendingCount: count((r) => r.status === 'Pending'),
    };
  }

  async requestLogs(practiceId: string, pageNo: number, pageSize: number) {
    const { rows } = await sql<
      Row & {
        action: string;
        action_by_userid: string;
        action_by_user_name: string | null;
        action_at: Date;
        total: string;
      }
    >`
      SELECT ${NAMED_COLUMNS}, l.action, l.action_by_userid, l.action_at,
             actor.first_name || ' ' || actor.last_name AS action_by_user_name,
             count(*) OVER () AS total
        FROM rm_appointment_request_logs l
        JOIN rm_appointments a ON a.appointment_id = l.appointment_id ${NAME_JOINS}
        LEFT JOIN rm_users actor ON actor.user_id = l.action_by_userid
       WHERE l.practice_id = ${practiceId}
       ORDER BY l.action_at DESC, l.position DESC
       LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(this.database.db);
    return {
      page_no: pageNo,
      page_size: pageSize,
      total_records: Number(rows[0]?.total ?? 0),
      data: rows.map((row): RequestLogView => ({
        ...appointmentView(row),
        action: row.action as 'Accepted' | 'Rejected',
        action_by_userid: row.action_by_userid,
        action_by_user_name: row.action_by_user_name,
        action_at: iso(row.action_at),
      })),
    };
  }
}

function dayStart(day: string, zone: string, plusDays = 0): Date {
  return DateTime.fromISO(day, { zone }).startOf('day').plus({ days: plusDays }).toJSDate();
}

const NAMED_COLUMNS = sql`a.*,
  coalesce(patient.first_name || ' ' || patient.last_name,
           member.first_name || ' ' || member.last_name) AS patient_name,
  provider.first_name || ' ' || provider.last_name AS provider_name,
  resource.name AS resource_name,
  facility.name AS facility_name, facility.details -> 'address' AS facility_address,
  feedback.survey_link AS survey_link, feedback.rating IS NOT NULL AS review_given`;

const NAME_JOINS = sql`
  LEFT JOIN rm_users patient ON patient.user_id = a.patient_id
  LEFT JOIN rm_family_members member ON member.member_id = a.patient_id
  LEFT JOIN rm_users provider ON provider.user_id = a.provider_id
  LEFT JOIN rm_directory_entries facility
         ON facility.kind = 'facility' AND facility.id = a.facility_id
  LEFT JOIN rm_directory_entries resource
         ON resource.kind = 'resource' AND resource.id = a.resource_id
  LEFT JOIN rm_visit_feedback feedback ON feedback.appointment_id = a.appointment_id`;

function appointmentView(row: Row): AppointmentView {
  return {
    appointment_id: row.appointment_id,
    external_appointment_id: null,
    calendar_id: row.calendar_id,
    practice_id: row.practice_id,
    facility_id: row.facility_id,
    provider_id: row.provider_id,
    resource_id: row.resource_id,
    patient_id: row.patient_id,
    start_date: iso(row.start_date),
    end_date: iso(row.end_date),
    created_on: iso(row.created_on),
    status: row.status as AppointmentStatus,
    visit_type: row.visit_type,
    visit_schedule_type: row.visit_schedule_type,
    reason: row.reason,
    rejected_by: row.rejected_by,
    rejection_reason: row.rejection_reason ?? null,
    cancel_reason: row.cancel_reason ?? null,
    facility_name: row.facility_name ?? null,
    facility_address: addressOf(row.facility_address),
    time_zone: row.time_zone,
    patient_name: row.patient_name,
    provider_name: row.provider_name,
    resource_name: row.resource_name ?? null,
    is_lab_test_appointment: row.is_lab_test_appointment === true,
    outside_schedule: row.outside_schedule,
    survey_link: row.survey_link ?? null,
    review_given: row.review_given === true,
    updated_at: iso(row.updated_at),
  };
}

/** A stored address with the fields a map search needs; anything else answers null. */
function addressOf(value: unknown): AppointmentFacilityAddress | null {
  if (!value || typeof value !== 'object') return null;
  const a = value as Record<string, unknown>;
  const text = (key: string) => (typeof a[key] === 'string' ? a[key] : '');
  if (!text('address1') || !text('city')) return null;
  return {
    address1: text('address1'),
    ...(text('address2') ? { address2: text('address2') } : {}),
    city: text('city'),
    state: text('state'),
    zip_code: text('zip_code'),
  };
}

/** Instants as slot ids write them: UTC, no milliseconds when there are none. */
const iso = (value: unknown): string =>
  slotId(value instanceof Date ? value : new Date(String(value)));
