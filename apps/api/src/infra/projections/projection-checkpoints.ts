import { type LogPosition, LOG_START } from '@medbook/event-store';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../database/database.types';

export interface StoredCheckpoint extends LogPosition {
  readonly updatedAt: Date | null;
}

/** Reads a projection's checkpoint; inside a transaction it locks it until commit. */
export async function lockCheckpoint(
  trx: Transaction<DB>,
  name: string,
): Promise<StoredCheckpoint> {
  // One statement: the upsert's row lock is the checkpoint lock (the no-op update takes it).
  const row = await trx
    .insertInto('projection_checkpoints')
    .values({ name, commit_position: 0, position: 0 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCheckpoint(row);
}

/**
 * A projection's transaction commits without waiting for its WAL to reach the disk. Its rows and
 * its checkpoint are one transaction, so a crash that loses the commit loses both, and the batch
 * is applied again from the log (the log's own appends keep their synchronous commits): only
 * time is lost. What it saves is a flush per batch, which under write load (a checkpoint or
 * autovacuum writing) kept a batch, and the live messages sent after it, waiting on the disk.
 * Readers see the commit at once either way.
 */
export async function commitWithoutFlush(trx: Transaction<DB>): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

/** Locks several projections' checkpoints in one statement, in the order given. */
export async function lockCheckpoints(
  trx: Transaction<DB>,
  names: readonly string[],
): Promise<Map<string, StoredCheckpoint>> {
  const { rows } = await sql<{
    name: string;
    commit_position: string;
    position: string;
    updated_at: Date | null;
  }>`INSERT INTO projection_checkpoints AS c (name, commit_position, position)
     SELECT n.name, 0, 0 FROM unnest(${names}::text[]) WITH ORDINALITY AS n(name, i)
      ORDER BY n.i
     ON CONFLICT (name) DO UPDATE SET name = excluded.name
     RETURNING c.name, c.commit_position, c.position, c.updated_at`.execute(trx);
  return new Map(rows.map((row) => [row.name, toCheckpoint(row)]));
}

/** Saves several projections' checkpoints in one statement. */
export async function saveCheckpoints(
  trx: Transaction<DB>,
  reached: ReadonlyMap<string, LogPosition>,
  updatedAt: Date,
): Promise<void> {
  if (reached.size === 0) return;
  const names = [...reached.keys()];
  const positions = [...reached.values()];
  await sql`UPDATE projection_checkpoints AS c
               SET commit_position = v.commit_position, position = v.position,
                   updated_at = ${updatedAt}, failing_position = NULL, failing_event_type = NULL,
                   failing_error = NULL, failing_since = NULL, failing_attempts = 0
              FROM unnest(${names}::text[], ${positions.map((p) => String(p.commit))}::bigint[],
                          ${positions.map((p) => p.position)}::bigint[])
                     AS v(name, commit_position, position)
             WHERE c.name = v.name`.execute(trx);
}

export async function readCheckpoint(db: Kysely<DB>, name: string): Promise<StoredCheckpoint> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? toCheckpoint(row) : { ...LOG_START, updatedAt: null };
}

export async function saveCheckpoint(
  trx: Transaction<DB>,
  name: string,
  at: LogPosition,
  updatedAt: Date,
): Promise<void> {
  await trx
    .updateTable('projection_checkpoints')
    .set({
      commit_position: at.commit,
      position: at.position,
      updated_at: updatedAt,
      failing_position: null,
      failing_event_type: null,
      failing_error: null,
      failing_since: null,
      failing_attempts: 0,
    })
    .where('name', '=', name)
    .execute();
}

/** The event a projection is stuck on, as every process reads it (see /ops/projections). */
export interface FailingEvent {
  readonly position: number;
  readonly type: string;
  readonly error: string;
  readonly since: Date;
  readonly attempts: number;
}

/** Records (outside the failed transaction) that applying this event failed once more. */
export async function recordFailure(
  db: Kysely<DB>,
  name: string,
  failing: { readonly position: number; readonly type: string; readonly error: string },
  at: Date,
): Promise<void> {
  await sql`INSERT INTO projection_checkpoints AS c
              (name, failing_position, failing_event_type, failing_error, failing_since,
               failing_attempts)
            VALUES (${name}, ${failing.position}, ${failing.type}, ${failing.error}, ${at}, 1)
            ON CONFLICT (name) DO UPDATE
               SET failing_attempts = CASE WHEN c.failing_position = excluded.failing_position
                                           THEN c.failing_attempts + 1 ELSE 1 END,
                   failing_since = CASE WHEN c.failing_position = excluded.failing_position
                                        THEN c.failing_since ELSE excluded.failing_since END,
                   failing_position = excluded.failing_position,
                   failing_event_type = excluded.failing_event_type,
                   failing_error = excluded.failing_error`.execute(db);
}

/** Several projections' stored checkpoints and failures, in one query (for their statuses). */
export async function readCheckpointStates(
  db: Kysely<DB>,
  names: readonly string[],
): Promise<Map<string, { checkpoint: StoredCheckpoint; failing: FailingEvent | null }>> {
  const rows =
    names.length === 0
      ? []
      : await db
          .selectFrom('projection_checkpoints')
          .selectAll()
          .where('name', 'in', [...names])
          .execute();
  const byName = new Map(rows.map((row) => [row.name, row]));
  return new Map(
    names.map((name) => {
      const row = byName.get(name);
      const failing =
        row && row.failing_position !== null && row.failing_since !== null
          ? {
              position: Number(row.failing_position),
              type: row.failing_event_type ?? '',
              error: row.failing_error ?? '',
              since: row.failing_since,
              attempts: row.failing_attempts,
            }
          : null;
      return [
        name,
        { checkpoint: row ? toCheckpoint(row) : { ...LOG_START, updatedAt: null }, failing },
      ];
    }),
  );
}

function toCheckpoint(row: {
  commit_position: string;
  position: string;
  updated_at: Date | null;
}): StoredCheckpoint {
  return {
    commit: Number(row.commit_position),
    position: Number(row.position),
    updatedAt: row.updated_at,
  };
}
