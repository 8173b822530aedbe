import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import { arrayOf, type Scalar } from '../../../infra/projections/array-literals';
import type { HoldRow, BatchState } from './scheduling-batch.state';

/** The rows' columns as unnest's arguments: each an array literal cast to its column type. */
function columns<T>(rows: readonly T[], spec: readonly [(row: T) => Scalar, string][]) {
  return sql.join(
    spec.map(([value, type]) => sql`${arrayOf(rows, value)}::text::${sql.raw(type)}[]`),
  );
}

/**
 * Rows new to the table and rows already in it: the new ones were looked up at the batch's
 * start and not found, so they are inserted without the conflict check (a speculative insertion
 * per row, half again the cost of the insert); the others are upserted.
 */
function split<T extends { readonly fresh: boolean }>(rows: readonly T[]): [T[], boolean][] {
  const parts: [T[], boolean][] = [];
  const fresh = rows.filter((row) => row.fresh);
  const known = rows.filter((row) => !row.fresh);
  if (fresh.length > 0) parts.push([fresh, true]);
  if (known.length > 0) parts.push([known, false]);
  return parts;
}

/**
 * The changed rows, a statement per table (and kind of write) run as the CTEs of one statement:
 * a transaction's queries take turns on its connection, one round trip each. They write
 * disjoint rows, so none needs to see another's.
 */
export async function save(trx: Transaction<DB>, state: BatchState): Promise<void> {
  const writes: RawBuilder<unknown>[] = [];
  const calendars = [...state.dirtyCalendars];
  if (calendars.length > 0) {
    writes.push(
      sql`INSERT INTO rm_calendars
            (calendar_id, practice_id, provider_id, resource_id, facility_id, name, settings, position)
          SELECT c, p, pr, r, f, n, s::jsonb, pos
            FROM unnest(${columns(calendars, [
              [(c) => c.calendar_id, 'uuid'],
              [(c) => c.practice_id, 'uuid'],
              [(c) => c.provider_id, 'uuid'],
              [(c) => c.resource_id, 'uuid'],
              [(c) => c.facility_id, 'uuid'],
              [(c) => c.name, 'text'],
              [(c) => JSON.stringify(c.settings), 'text'],
              [(c) => c.position, 'bigint'],
            ])}) AS t(c, p, pr, r, f, n, s, pos)
          ON CONFLICT (calendar_id) DO UPDATE
            SET settings = excluded.settings, position = excluded.position`,
    );
  }
  const slots = [...state.dirtySlots];
  for (const [rows, fresh] of split(slots)) {
    writes.push(
      sql`INSERT INTO rm_slot_capacity (calendar_id, start_at, capacity, holds, bookings, position)
          SELECT * FROM unnest(${columns(rows, [
            [(s) => s.calendar_id, 'uuid'],
            [(s) => s.start_at, 'timestamptz'],
            [(s) => s.capacity, 'int'],
            [(s) => s.holds, 'int'],
            [(s) => s.bookings, 'int'],
            [(s) => s.position, 'bigint'],
          ])})
          ${
            fresh
              ? sql``
              : sql`ON CONFLICT (calendar_id, start_at) DO UPDATE
                      SET capacity = excluded.capacity, holds = excluded.holds,
                          bookings = excluded.bookings, position = excluded.position`
          }`,
    );
  }
  const deleted: string[] = [];
  const inserted: HoldRow[] = [];
  const replaced: HoldRow[] = [];
  for (const [id, outcome] of state.holds) {
    if (outcome.kind === 'deleted') deleted.push(id);
    else (outcome.kind === 'inserted' ? inserted : replaced).push(outcome.row);
  }
  if (deleted.length > 0) {
    writes.push(
      sql`DELETE FROM rm_slot_holds
           WHERE hold_id = ANY(${arrayOf(deleted, (id) => id)}::text::uuid[])`,
    );
  }
  for (const [rows, replace] of [
    [inserted, false],
    [replaced, true],
  ] as const) {
    if (rows.length === 0) continue;
    writes.push(
      sql`INSERT INTO rm_slot_holds (hold_id, calendar_id, start_at, patient_id, expires_at)
          SELECT * FROM unnest(${columns(rows, [
            [(h) => h.hold_id, 'uuid'],
            [(h) => h.calendar_id, 'uuid'],
            [(h) => h.start_at, 'timestamptz'],
            [(h) => h.patient_id, 'uuid'],
            [(h) => h.expires_at, 'timestamptz'],
          ])})
          ON CONFLICT (hold_id) ${
            replace
              ? sql`DO UPDATE SET calendar_id = excluded.calendar_id, start_at = excluded.start_at,
                      patient_id = excluded.patient_id, expires_at = excluded.expires_at`
              : sql`DO NOTHING`
          }`,
    );
  }
  const appointments = [...state.dirtyAppointments];
  for (const [rows, fresh] of split(appointments)) {
    writes.push(
      sql`INSERT INTO rm_appointments
            (appointment_id, calendar_id, practice_id, provider_id, resource_id, facility_id,
             patient_id, booked_by, start_date, end_date, time_zone, visit_type,
             visit_schedule_type, reason, status, rejected_by, cancel_reason, created_on,
             updated_at, position, outside_schedule, rejection_reason, is_lab_test_appointment)
          SELECT * FROM unnest(${columns(rows, [
            [(a) => a.appointment_id, 'uuid'],
            [(a) => a.calendar_id, 'uuid'],
            [(a) => a.practice_id, 'uuid'],
            [(a) => a.provider_id, 'uuid'],
            [(a) => a.resource_id, 'uuid'],
            [(a) => a.facility_id, 'uuid'],
            [(a) => a.patient_id, 'uuid'],
            [(a) => a.booked_by, 'uuid'],
            [(a) => a.start_date, 'timestamptz'],
            [(a) => a.end_date, 'timestamptz'],
            [(a) => a.time_zone, 'text'],
            [(a) => a.visit_type, 'text'],
            [(a) => a.visit_schedule_type, 'text'],
            [(a) => a.reason, 'text'],
            [(a) => a.status, 'text'],
            [(a) => a.rejected_by, 'uuid'],
            [(a) => a.cancel_reason, 'text'],
            [(a) => a.created_on, 'timestamptz'],
            [(a) => a.updated_at, 'timestamptz'],
            [(a) => a.position, 'bigint'],
            [(a) => a.outside_schedule, 'boolean'],
            [(a) => a.rejection_reason, 'text'],
            [(a) => a.is_lab_test_appointment, 'boolean'],
          ])})
          ${
            fresh
              ? sql``
              : sql`ON CONFLICT (appointment_id) DO UPDATE
                      SET start_date = excluded.start_date, end_date = excluded.end_date,
                          status = excluded.status, rejected_by = excluded.rejected_by,
                          cancel_reason = excluded.cancel_reason, updated_at = excluded.updated_at,
                          position = excluded.position,
                          outside_schedule = excluded.outside_schedule,
                          rejection_reason = excluded.rejection_reason`
          }`,
    );
  }
  const logs = state.requestLogs;
  if (logs.length > 0) {
    writes.push(
      sql`INSERT INTO rm_appointment_request_logs
            (appointment_id, practice_id, action, action_by_userid, action_at, position)
          SELECT * FROM unnest(${columns(logs, [
            [(l) => l.appointment_id, 'uuid'],
            [(l) => l.practice_id, 'uuid'],
            [(l) => l.action, 'text'],
            [(l) => l.action_by_userid, 'uuid'],
            [(l) => l.action_at, 'timestamptz'],
            [(l) => l.position, 'bigint'],
          ])})
          ON CONFLICT (position) DO NOTHING`,
    );
  }
  const [only] = writes;
  if (writes.length === 1 && only) await only.execute(trx);
  else if (writes.length > 1) {
    await sql`WITH ${sql.join(writes.map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write})`))}
              SELECT 1`.execute(trx);
  }
}
