import type { BackfillView } from '@medbook/contracts';
import { type EventStore, LOG_START } from '@medbook/event-store';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { DB } from '../database/database.types';
import type { Projection } from './projection';
import { readCheckpointStates } from './projection-checkpoints';
import { ProjectionRebuilder, type RebuildProgress } from './projection-rebuilder';

/** How long a failed back-fill waits before it starts again from the log's start. */
const RETRY_MS = 5000;

/**
 * The projections that have never applied an event of a log that has some: added to a service
 * already running. They are back-filled before they join the others.
 */
export async function unprojected(
  db: Kysely<DB>,
  store: EventStore,
  projections: readonly Projection[],
): Promise<Projection[]> {
  if ((await store.countAfter(LOG_START, 1)).count === 0) return [];
  const states = await readCheckpointStates(
    db,
    projections.map((p) => p.name),
  );
  return projections.filter(({ name }) => {
    const { checkpoint } = states.get(name)!;
    return checkpoint.commit === 0 && checkpoint.position === 0;
  });
}

/**
 * Replays the log into projections added to a running service, in the background, through the
 * rebuild's batched path (scratch tables swapped in at the end, so nothing the booking path
 * reads or writes is locked for longer than the swap). Its progress is kept in
 * projection_backfills for every process's /ops/projections. Stopped when the process stops
 * leading the projections; the next leader starts again.
 */
export class ProjectionBackfill {
  private readonly abort = new AbortController();
  /** Progress writes, one after another, so the last one never lands after the row is gone. */
  private recording: Promise<void> = Promise.resolve();
  /** True once the tables are swapped in; false when stopped or already projected elsewhere. */
  readonly done: Promise<boolean>;

  constructor(
    private readonly projections: readonly Projection[],
    private readonly options: {
      readonly store: EventStore;
      readonly db: Kysely<DB>;
      readonly clock: Clock;
      readonly logger: Logger;
    },
  ) {
    this.done = this.run();
  }

  get names(): string[] {
    return this.projections.map((p) => p.name);
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.done;
  }

  private async run(): Promise<boolean> {
    const { store, db, clock, logger } = this.options;
    const rebuilder = new ProjectionRebuilder(store, db, clock);
    while (!this.abort.signal.aborted) {
      const startedAt = clock.now();
      try {
        logger.info({ projections: this.names }, 'back-filling projections');
        await this.record({ applied: 0, total: 0 }, startedAt);
        const result = await rebuilder.rebuildAll(this.projections, {
          backfill: true,
          signal: this.abort.signal,
          onProgress: (progress) => {
            this.recording = this.recording
              .then(() => this.record(progress, startedAt))
              .catch(() => undefined);
          },
        });
        await this.recording;
        await this.forget();
        logger.info({ projections: this.names, applied: result.applied }, 'back-filled');
        return result.swapped;
      } catch (error) {
        if (this.abort.signal.aborted) break;
        logger.error({ err: error, projections: this.names }, 'back-fill failed: retrying');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
    await this.recording;
    await this.forget().catch(() => undefined);
    return false;
  }

  private async record({ applied, total }: RebuildProgress, startedAt: Date): Promise<void> {
    await sql`INSERT INTO projection_backfills AS b (name, applied, total, started_at, updated_at)
              SELECT n, ${applied}, ${total}, ${startedAt}, ${this.options.clock.now()}
                FROM unnest(${this.names}::text[]) AS n
              ON CONFLICT (name) DO UPDATE
                 SET applied = excluded.applied, total = excluded.total,
                     started_at = excluded.started_at, updated_at = excluded.updated_at`.execute(
      this.options.db,
    );
  }

  private async forget(): Promise<void> {
    await sql`DELETE FROM projection_backfills WHERE name = ANY(${this.names}::text[])`.execute(
      this.options.db,
    );
  }
}

/** The back-fills under way, by projection name, as any process reads them. */
export async function readBackfills(
  db: Kysely<DB>,
  names: readonly string[],
): Promise<Map<string, BackfillView>> {
  const { rows } = await sql<{
    name: string;
    applied: string;
    total: string;
    started_at: Date;
    updated_at: Date;
  }>`SELECT name, applied, total, started_at, updated_at FROM projection_backfills
      WHERE name = ANY(${names}::text[])`.execute(db);
  return new Map(
    rows.map((row) => {
      const applied = Number(row.applied);
      const seconds = Math.max(0.001, (row.updated_at.getTime() - row.started_at.getTime()) / 1000);
      return [
        row.name,
        {
          applied,
          total: Math.max(applied, Number(row.total)),
          events_per_second: Math.round(applied / seconds),
          started_at: row.started_at.toISOString(),
        },
      ];
    }),
  );
}
