import type { AuditChange, AuditEntryView, AuditKind } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';

export interface AuditFilter {
  readonly practiceId?: string;
  readonly actorId?: string;
  readonly patientId?: string;
  readonly appointmentId?: string;
  readonly calendarId?: string;
  readonly kind?: AuditKind;
  readonly from?: string;
  readonly to?: string;
  /** Older than this position (the previous page's last). */
  readonly before?: number;
}

interface Row {
  position: string;
  recorded_at: Date;
  kind: string;
  event_type: string;
  summary: string;
  changes: unknown;
  actor_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  on_behalf_of: string | null;
  ip: string | null;
  user_agent: string | null;
  correlation_id: string | null;
  patient_id: string | null;
  patient_name: string | null;
  appointment_id: string | null;
  calendar_id: string | null;
}

/**
 * Pages of the practice's trail, newest first, by position (a keyset: a page costs the same
 * however deep it is). Names are joined at read time, so a trail shows people as they are
 * called now; every filter is served by an index that starts with the practice.
 */
@Injectable()
export class PracticeAuditRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async page(filter: AuditFilter, limit: number): Promise<AuditEntryView[]> {
    const where = [sql`TRUE`];
    if (filter.practiceId) where.push(sql`a.practice_id = ${filter.practiceId}`);
    if (filter.actorId) where.push(sql`a.actor_id = ${filter.actorId}`);
    if (filter.patientId) where.push(sql`a.patient_id = ${filter.patientId}`);
    if (filter.appointmentId) where.push(sql`a.appointment_id = ${filter.appointmentId}`);
    if (filter.calendarId) where.push(sql`a.calendar_id = ${filter.calendarId}`);
    if (filter.kind) where.push(sql`a.kind = ${filter.kind}`);
    if (filter.from) where.push(sql`a.recorded_at >= ${filter.from}`);
    if (filter.to) where.push(sql`a.recorded_at < ${filter.to}`);
    if (filter.before !== undefined) where.push(sql`a.position < ${filter.before}`);
    const { rows } = await sql<Row>`
      SELECT a.position, a.recorded_at, a.kind, a.event_type, a.summary, a.changes,
             a.actor_id, a.actor_role, a.on_behalf_of, a.ip, a.user_agent, a.correlation_id,
             a.patient_id, a.appointment_id, a.calendar_id,
             nullif(trim(actor.first_name || ' ' || actor.last_name), '') AS actor_name,
             coalesce(patient.first_name || ' ' || patient.last_name,
                      member.first_name || ' ' || member.last_name) AS patient_name
        FROM rm_practice_audit a
        LEFT JOIN rm_users actor ON actor.user_id::text = a.actor_id
        LEFT JOIN rm_users patient ON patient.user_id = a.patient_id
        LEFT JOIN rm_family_members member ON member.member_id = a.patient_id
       WHERE ${sql.join(where, sql` AND `)}
       ORDER BY a.position DESC
       LIMIT ${limit}`.execute(this.database.db);
    return rows.map(entryView);
  }
}

function entryView(row: Row): AuditEntryView {
  return {
    position: Number(row.position),
    at: new Date(row.recorded_at).toISOString(),
    kind: row.kind as AuditKind,
    event_type: row.event_type,
    summary: row.summary,
    changes: (row.changes ?? []) as AuditChange[],
    actor: {
      id: row.actor_id,
      name: row.actor_name ?? (row.actor_role === 'System' ? 'Medbook' : null),
      role: row.actor_role,
      on_behalf_of: row.on_behalf_of,
    },
    ip: row.ip,
    user_agent: row.user_agent,
    correlation_id: row.correlation_id,
    patient_id: row.patient_id,
    patient_name: row.patient_name,
    appointment_id: row.appointment_id,
    calendar_id: row.calendar_id,
  };
}
