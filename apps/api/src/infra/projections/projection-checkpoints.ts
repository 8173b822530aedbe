import { type LogPosition, LOG_START } from '@medbook/event-store';
import type { Kysely, Transaction } from 'kysely';
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
    .set({ commit_position: at.commit, position: at.position, updated_at: updatedAt })
    .where('name', '=', name)
    .execute();
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
