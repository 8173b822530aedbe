// The log's reads in commit order, and where they stop: the read horizon (see Horizon in
// postgres-subscription.ts and es_read_horizon() in migration 0048).
import type { Sql } from 'postgres';
import type {
  LogHead,
  LogHoldup,
  LogPosition,
  ReadAllOptions,
  RecordedEvent,
} from '../event-store.port';
import { EVENT_COLUMNS, type EventRow, toRecordedEvent } from './event-rows';
import type { Horizon } from './postgres-subscription';

/** The horizons' SQL (see Horizon). */
const HORIZONS: Readonly<Record<Horizon, string>> = {
  server: 'pg_snapshot_xmin(pg_current_snapshot())',
  database: '(SELECT es_read_horizon())',
};

/**
 * Only transactions older than the horizon are read: one that commits later with a smaller
 * position is then read in its turn instead of being skipped.
 */
export async function readLogBelow(
  sql: Sql,
  options: ReadAllOptions,
  horizon: Horizon,
): Promise<RecordedEvent[]> {
  const after = options.after ?? { commit: 0, position: 0 };
  const rows = await sql<EventRow[]>`
    SELECT ${sql.unsafe(EVENT_COLUMNS)} FROM es_events
     WHERE (transaction_id, global_position) > (${String(after.commit)}::xid8, ${after.position})
       AND transaction_id < ${sql.unsafe(HORIZONS[horizon])}
     ORDER BY transaction_id, global_position
     LIMIT ${options.maxCount ?? 1000}`;
  return rows.map(toRecordedEvent);
}

/**
 * Whether committed events after a place in the log are not readable yet because an older
 * transaction runs (on the server, or in this database: see Horizon), whether some are readable
 * now, and the server's oldest running transaction.
 *
 * Asked as the newest and the oldest event after the place, in commit order (some event is held
 * back when the newest one is at or past the horizon; some is readable when the oldest one is
 * below it): each is one step along the commit-order index. Asked as two EXISTS, as it was,
 * postgres.js's prepared statement soon ran a generic plan, in which the planner, not knowing the
 * place, expected a third of the log to match and scanned the table for the first match: the
 * newest rows, last in the heap. 140 ms on a log of 300,000 events, at every idle look of every
 * subscription, growing with the log.
 */
export async function heldBack(
  sql: Sql,
  after: LogPosition,
  horizon: Horizon,
): Promise<{ held: boolean; readable: boolean; xmin: string }> {
  // The horizon at most once, and only when some event follows the place: a CTE read twice is
  // evaluated once (two scalar subqueries would each evaluate it, and in 'database' mode each
  // reads the activity view), and not at all when the CASE does not reach it, the usual answer
  // of a subscription that has just caught up.
  const [row] = await sql<{ held: boolean | null; readable: boolean | null; xmin: string }[]>`
    WITH after AS MATERIALIZED (SELECT (
           SELECT transaction_id FROM es_events
            WHERE (transaction_id, global_position) > (${String(after.commit)}::xid8, ${after.position})
            ORDER BY transaction_id DESC, global_position DESC LIMIT 1
         ) AS newest, (
           SELECT transaction_id FROM es_events
            WHERE (transaction_id, global_position) > (${String(after.commit)}::xid8, ${after.position})
            ORDER BY transaction_id, global_position LIMIT 1
         ) AS oldest),
         h AS MATERIALIZED (SELECT ${sql.unsafe(HORIZONS[horizon])} AS horizon)
    SELECT CASE WHEN after.newest IS NULL THEN false
                ELSE after.newest >= (SELECT horizon FROM h) END AS held,
           CASE WHEN after.oldest IS NULL THEN false
                ELSE after.oldest < (SELECT horizon FROM h) END AS readable,
           pg_snapshot_xmin(pg_current_snapshot())::text AS xmin
      FROM after`;
  return { held: row?.held === true, readable: row?.readable === true, xmin: row?.xmin ?? '' };
}

/** The last event readers can see. */
export async function logHead(sql: Sql): Promise<LogHead | null> {
  const [row] = await sql<EventRow[]>`
    SELECT ${sql.unsafe(EVENT_COLUMNS)} FROM es_events
     WHERE transaction_id < ${sql.unsafe(HORIZONS.database)}
     ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;
  if (!row) return null;
  const event = toRecordedEvent(row);
  return {
    position: event.globalPosition,
    logPosition: event.logPosition,
    recordedAt: event.recordedAt,
  };
}

/** Committed events readers cannot take yet, and the session they wait behind. */
export async function logHoldup(sql: Sql, cap: number): Promise<LogHoldup | null> {
  // One statement, one snapshot: the horizon, the committed events at or past it, and the
  // session running the transaction it stops at (the activity view gives the 32-bit id, xid8
  // carries the epoch above it). None is found for a prepared transaction.
  const [row] = await sql<
    {
      waiting: string;
      since: Date | null;
      waited_ms: number | null;
      pid: number | null;
      application_name: string | null;
      state: string | null;
      xact_start: Date | null;
    }[]
  >`
    WITH horizon AS (SELECT ${sql.unsafe(HORIZONS.database)} AS xid),
    waiting AS (
      SELECT count(*) AS waiting, min(recorded_at) AS since FROM (
        SELECT recorded_at FROM es_events, horizon
         WHERE transaction_id >= horizon.xid
         ORDER BY transaction_id, global_position LIMIT ${cap}) AS w)
    SELECT waiting.waiting, waiting.since,
           floor(extract(epoch FROM clock_timestamp() - waiting.since) * 1000)::float8 AS waited_ms,
           a.pid, a.application_name, a.state, a.xact_start
      FROM horizon CROSS JOIN waiting
      LEFT JOIN pg_stat_activity a
             ON a.backend_xid::text = (horizon.xid::text::numeric % 4294967296)::text
     WHERE waiting.waiting > 0`;
  if (!row) return null;
  return {
    waitingEvents: Number(row.waiting),
    waitingSince: row.since,
    waitedMs: Math.max(0, row.waited_ms ?? 0),
    transaction: {
      pid: row.pid,
      applicationName: row.application_name,
      state: row.state,
      startedAt: row.xact_start,
    },
  };
}

/** Committed events after a place, up to `cap`, readable or not yet. */
export async function countAfter(
  sql: Sql,
  after: LogPosition,
  cap: number,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await sql<{ count: string; oldest: Date | null }[]>`
    SELECT count(*) AS count, min(recorded_at) AS oldest FROM (
      SELECT recorded_at FROM es_events
       WHERE (transaction_id, global_position) > (${String(after.commit)}::xid8, ${after.position})
       ORDER BY transaction_id, global_position LIMIT ${cap}) AS pending`;
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}

/** Where a global position sits in the log. */
export async function logPositionOf(sql: Sql, position: number): Promise<LogPosition | null> {
  const [row] = await sql<{ transaction_id: string }[]>`
    SELECT transaction_id::text AS transaction_id FROM es_events WHERE global_position = ${position}`;
  return row ? { commit: Number(row.transaction_id), position } : null;
}
