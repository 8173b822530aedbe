import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import { arrayOf } from '../../../infra/projections/array-literals';

// rm_notification_new_days: each practice's New notifications per UTC day of their date, kept
// beside rm_notifications by the notifications projection (both of its paths, live and replay)
// so the bell's count reads days, not notifications (see countNotifications).

/** A day's count as an upsert adds it: `deltas` rows of (practice_id, day, n). */
const ADD_DELTAS = sql`
  INSERT INTO rm_notification_new_days (practice_id, day, new_count)
  SELECT practice_id, day, n FROM deltas
  ON CONFLICT (practice_id, day)
  DO UPDATE SET new_count = rm_notification_new_days.new_count + excluded.new_count`;

/**
 * The rows a statement inserted into rm_notifications (`inserted`: practice_id,
 * notification_date, notification_status) counted into their days, as the rest of one
 * statement: `WITH ..., inserted AS (INSERT ... RETURNING ...) <this>`.
 */
export const COUNT_INSERTED = sql`
  , deltas AS (
    SELECT practice_id, (notification_date AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
      FROM inserted WHERE notification_status = 'New' GROUP BY 1, 2)
  ${ADD_DELTAS}`;

/** Notifications inserted one statement at a time (the event-by-event path): their days counted. */
export async function countInserted(
  trx: Transaction<DB>,
  rows: readonly {
    readonly practice_id: string;
    readonly notification_date: Date | string;
    readonly notification_status: string;
  }[],
): Promise<void> {
  const fresh = rows.filter((row) => row.notification_status === 'New');
  if (fresh.length === 0) return;
  await sql`
    WITH inserted AS (
      SELECT * FROM unnest(${arrayOf(fresh, (r) => r.practice_id)}::text::uuid[],
                           ${arrayOf(fresh, (r) => new Date(r.notification_date).toISOString())}::text::timestamptz[],
                           ${arrayOf(fresh, (r) => r.notification_status)}::text::text[])
                    AS r(practice_id, notification_date, notification_status))
    ${COUNT_INSERTED}`.execute(trx);
}

/**
 * Marks notifications of earlier batches Seen (each by practice and id, at its position) and
 * takes those that were New off their days' counts, in one statement. The target joined again
 * (`o`) reads each row as it was before this statement.
 */
export async function markSeen(
  trx: Transaction<DB>,
  seen: readonly {
    readonly practiceId: string;
    readonly id: string;
    readonly position: number | string;
  }[],
): Promise<void> {
  if (seen.length === 0) return;
  await sql`
    WITH seen AS (
      UPDATE rm_notifications AS n SET notification_status = 'Seen', position = v.position
        FROM unnest(${arrayOf(seen, (s) => s.practiceId)}::text::uuid[],
                    ${arrayOf(seen, (s) => s.id)}::text::uuid[],
                    ${arrayOf(seen, (s) => s.position)}::text::bigint[])
               AS v(practice_id, notification_id, position),
             rm_notifications AS o
       WHERE n.notification_id = v.notification_id AND n.practice_id = v.practice_id
         AND o.notification_id = n.notification_id
      RETURNING n.practice_id, n.notification_date, o.notification_status AS was
    ), deltas AS (
      SELECT practice_id, (notification_date AT TIME ZONE 'UTC')::date AS day, -count(*)::int AS n
        FROM seen WHERE was = 'New' GROUP BY 1, 2)
    ${ADD_DELTAS}`.execute(trx);
}
