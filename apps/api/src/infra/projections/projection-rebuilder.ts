import {
  type EventStore,
  LOG_START,
  type LogPosition,
  type RecordedEvent,
} from '@medbook/event-store';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Clock } from '../clock';
import type { DB } from '../database/database.types';
import type { Projection, ProjectionContext } from './projection';
import { lockCheckpoint, saveCheckpoint } from './projection-checkpoints';
import { readParks } from './projection-parks';

export interface RebuildProgress {
  readonly applied: number;
  readonly total: number;
}

export interface RebuildResult {
  readonly applied: number;
  readonly position: LogPosition;
}

const BATCH = 2000;

/**
 * Replays the whole log into fresh copies of a projection's tables in a scratch schema, then swaps
 * them in. The live runner keeps serving the old tables meanwhile; the swap holds the checkpoint
 * row lock, so the runner pauses for the last catch-up and resumes from the rebuilt checkpoint.
 */
export class ProjectionRebuilder {
  constructor(
    private readonly store: EventStore,
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async rebuild(
    projection: Projection,
    onProgress: (progress: RebuildProgress) => void = () => undefined,
  ): Promise<RebuildResult> {
    const schema = `rebuild_${projection.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
    await this.prepareScratchTables(schema, projection.tables);
    // Events an operator parked for this projection are skipped again.
    const parked = await readParks(this.store, projection.name);
    const total = await this.countEvents();
    let applied = 0;
    let position: LogPosition = LOG_START;
    for (;;) {
      const events = await this.store.readAll({ after: position, maxCount: BATCH });
      if (events.length === 0) break;
      await this.db.transaction().execute(async (trx) => {
        await useSchema(trx, schema);
        position = (await applyAll(projection, events, trx, parked)) ?? position;
      });
      applied += events.length;
      onProgress({ applied, total: Math.max(total, applied) });
    }
    await this.db.transaction().execute(async (trx) => {
      await lockCheckpoint(trx, projection.name);
      await useSchema(trx, schema);
      for (;;) {
        const events = await this.store.readAll({ after: position, maxCount: BATCH });
        if (events.length === 0) break;
        position = (await applyAll(projection, events, trx, parked)) ?? position;
        applied += events.length;
        onProgress({ applied, total: Math.max(total, applied) });
      }
      await useSchema(trx, 'public');
      for (const table of projection.tables) await swapTable(trx, schema, table);
      await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(trx);
      await saveCheckpoint(trx, projection.name, position, this.clock.now());
    });
    return { applied, position };
  }

  private async prepareScratchTables(schema: string, tables: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(trx);
      await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(trx);
      for (const table of tables) {
        await sql`CREATE TABLE ${sql.id(schema, table)} (LIKE ${sql.id('public', table)} INCLUDING ALL)`.execute(
          trx,
        );
      }
    });
  }

  private async countEvents(): Promise<number> {
    const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM es_events`.execute(
      this.db,
    );
    return Number(rows[0]?.count ?? 0);
  }
}

async function useSchema(trx: Transaction<DB>, schema: string): Promise<void> {
  await sql`SELECT set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
}

async function applyAll(
  projection: Projection,
  events: readonly RecordedEvent[],
  trx: Transaction<DB>,
  parked: ReadonlyMap<number, unknown>,
): Promise<LogPosition | undefined> {
  const context: ProjectionContext = { trx, publish: () => undefined };
  for (const event of events) {
    if (!parked.has(event.globalPosition)) await projection.apply(event, context);
  }
  return events[events.length - 1]?.logPosition;
}

/** Moves the rebuilt table into public in place of the live one, keeping its index names. */
async function swapTable(trx: Transaction<DB>, schema: string, table: string): Promise<void> {
  const indexes = async (namespace: string) =>
    (
      await sql<{ indexname: string; indexdef: string }>`
        SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = ${namespace} AND tablename = ${table}`.execute(
        trx,
      )
    ).rows.map((row) => ({ name: row.indexname, shape: indexShape(row.indexdef) }));
  const live = await indexes('public');
  const rebuilt = await indexes(schema);
  await sql`DROP TABLE ${sql.id('public', table)}`.execute(trx);
  await sql`ALTER TABLE ${sql.id(schema, table)} SET SCHEMA public`.execute(trx);
  for (const index of rebuilt) {
    const original = live.find((candidate) => candidate.shape === index.shape);
    if (original && original.name !== index.name) {
      await sql`ALTER INDEX ${sql.id('public', index.name)} RENAME TO ${sql.id(original.name)}`.execute(
        trx,
      );
    }
  }
}

/** An index definition without its own name and schema, to pair a copy with its original. */
function indexShape(definition: string): string {
  return definition.replace(/INDEX \S+ ON \S+/, 'INDEX ON').replace(/\s+/g, ' ');
}
