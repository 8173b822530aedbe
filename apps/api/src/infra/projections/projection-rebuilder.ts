import { performance } from 'node:perf_hooks';
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
import { lockCheckpoints, saveCheckpoints } from './projection-checkpoints';
import { readParks, type ParkedEvent } from './projection-parks';
import {
  createDeferredIndexes,
  dropScratchSchemas,
  prepareScratchTables,
  swapTable,
} from './scratch-tables';

export interface RebuildProgress {
  readonly applied: number;
  readonly total: number;
}

export interface RebuildResult {
  readonly applied: number;
  readonly position: LogPosition;
  /** False when a back-fill found the projections already projected (another process did it). */
  readonly swapped: boolean;
  /** Seconds each projection spent applying the log's batches (on its own connection). */
  readonly seconds: Readonly<Record<string, number>>;
}

export interface RebuildOptions {
  readonly onProgress?: (progress: RebuildProgress) => void;
  /** Stops between batches (the process lost the lead, or shuts down): nothing is swapped. */
  readonly signal?: AbortSignal;
  /**
   * A back-fill of projections never run: the tables are swapped in only if their checkpoints
   * are still at the log's start under the lock, so a back-fill racing another process's leaves
   * the winner's tables alone.
   */
  readonly backfill?: boolean;
  /** `apply` one event at a time, as replay did before batches: to measure and compare with. */
  readonly eventByEvent?: boolean;
  /** Projections loading the same batch at once, each on a connection of its own. */
  readonly connections?: number;
}

/** Events per read of the log: large, as nothing waits on a rebuild's batches. */
const READ_BATCH = 5000;

/**
 * Events per load transaction: a whole read batch, now that projections apply one in a few
 * statements (well under a second). Readers of the log read only what transactions older than
 * the oldest still running committed (transaction ids are cluster-wide), so a long rebuild
 * transaction would hold back every live projection on the server, the running service's
 * included, for as long as it runs: a transaction must stay short.
 */
const TRANSACTION_EVENTS = READ_BATCH;

/**
 * Projections apply a batch side by side: most of their time is round trips to PostgreSQL, which
 * overlap on separate connections.
 */
const CONNECTIONS = 2;

interface Scratch {
  readonly projection: Projection;
  readonly schema: string;
  readonly parked: ReadonlyMap<number, ParkedEvent>;
  /** Time spent applying batches to it, for the benchmark. */
  readonly spent: { ms: number };
}

/**
 * Replays the whole log into fresh copies of projections' tables in scratch schemas, then swaps
 * them in. The log is read once for all the projections rebuilt together, in large batches (the
 * next read runs while the current batch is applied); each projection applies a whole batch at
 * once (`applyAll` where it has one: a few multi-row statements rather than round trips per
 * event), two projections side by side. The copies get their
 * unique indexes (upserts need them) but their other indexes only after the load: one sorted
 * build instead of an index update per row. The live runner keeps serving the old tables
 * meanwhile; the swap holds the checkpoint row locks, so the runner pauses for the last catch-up
 * and resumes from the rebuilt checkpoint.
 */
export class ProjectionRebuilder {
  constructor(
    private readonly store: EventStore,
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  rebuild(projection: Projection, options: RebuildOptions = {}): Promise<RebuildResult> {
    return this.rebuildAll([projection], options);
  }

  async rebuildAll(
    projections: readonly Projection[],
    options: RebuildOptions = {},
  ): Promise<RebuildResult> {
    const scratches: Scratch[] = [];
    try {
      for (const projection of [...projections].sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const schema = `rebuild_${projection.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`;
        // Events an operator parked for this projection are skipped again.
        const parked = await readParks(this.store, projection.name);
        scratches.push({ projection, schema, parked, spent: { ms: 0 } });
        await prepareScratchTables(this.db, schema, projection);
      }
      return await this.replay(scratches, options);
    } finally {
      await dropScratchSchemas(
        this.db,
        scratches.map((s) => s.schema),
      );
    }
  }

  private async replay(scratches: readonly Scratch[], options: RebuildOptions) {
    const report = options.onProgress ?? (() => undefined);
    const total = await this.countEvents();
    report({ applied: 0, total });
    let applied = 0;
    let batches = 0;
    let position: LogPosition = LOG_START;
    let next = this.read(position);
    for (;;) {
      const events = await next;
      if (events.length === 0) break;
      options.signal?.throwIfAborted();
      position = events[events.length - 1]!.logPosition;
      next = this.read(position);
      await inParallel(scratches, options.connections ?? CONNECTIONS, (scratch) =>
        this.load(scratch, events, options),
      );
      applied += events.length;
      batches += 1;
      if ((batches & (batches - 1)) === 0) await this.analyze(scratches);
      report({ applied, total: Math.max(total, applied) });
    }
    options.signal?.throwIfAborted();
    for (const { schema, projection } of scratches) {
      await createDeferredIndexes(this.db, schema, projection);
    }
    // The tables left out while loading get their statistics once, before the pages read them.
    await this.analyze(scratches, 'written');
    return this.db.transaction().execute(async (trx) => {
      await forReplay(trx, 'public', { synchronousCommit: true });
      const names = scratches.map((s) => s.projection.name);
      const stored = await lockCheckpoints(trx, names);
      const started = [...stored.values()].some((at) => at.commit !== 0 || at.position !== 0);
      if (options.backfill && started)
        return { applied, position, swapped: false, seconds: secondsOf(scratches) };
      for (;;) {
        const events = await this.read(position);
        if (events.length === 0) break;
        position = events[events.length - 1]!.logPosition;
        for (const scratch of scratches) {
          await useSchema(trx, scratch.schema);
          await applyInto(trx, scratch, events, options);
        }
        applied += events.length;
        report({ applied, total: Math.max(total, applied) });
      }
      await useSchema(trx, 'public');
      for (const { projection, schema } of scratches) {
        for (const table of projection.tables) await swapTable(trx, schema, table);
      }
      await saveCheckpoints(trx, new Map(names.map((name) => [name, position])), this.clock.now());
      return { applied, position, swapped: true, seconds: secondsOf(scratches) };
    });
  }

  /** One batch into one projection's copies, in short transactions of their own. */
  private async load(
    scratch: Scratch,
    events: readonly RecordedEvent[],
    options: RebuildOptions,
  ): Promise<void> {
    const started = performance.now();
    for (let from = 0; from < events.length; from += TRANSACTION_EVENTS) {
      await this.db.transaction().execute(async (trx) => {
        // A crash loses only scratch rows, which the next rebuild recreates: no need to wait for
        // the WAL flush of each transaction.
        await forReplay(trx, scratch.schema, { synchronousCommit: false });
        await applyInto(trx, scratch, events.slice(from, from + TRANSACTION_EVENTS), options);
      });
    }
    scratch.spent.ms += performance.now() - started;
  }

  private read(after: LogPosition): Promise<RecordedEvent[]> {
    const reading = this.store.readAll({ after, maxCount: READ_BATCH });
    // Read ahead: a failed apply must not leave this rejection unhandled.
    reading.catch(() => undefined);
    return reading;
  }

  /**
   * Statistics of the growing copies that the load reads, each time they have doubled: without
   * them the planner takes them for empty and scans them whole for every lookup by key, and
   * replay time grows with the square of the log. The tables only written, once at the end.
   */
  private async analyze(
    scratches: readonly Scratch[],
    which: 'read' | 'written' = 'read',
  ): Promise<void> {
    for (const { projection, schema } of scratches) {
      const read = projection.lookupTables ?? projection.tables;
      const tables =
        which === 'read' ? read : projection.tables.filter((table) => !read.includes(table));
      for (const table of tables) {
        await sql`ANALYZE ${sql.id(schema, table)}`.execute(this.db);
      }
    }
  }

  private async countEvents(): Promise<number> {
    const { rows } = await sql<{ count: string }>`SELECT count(*) AS count FROM es_events`.execute(
      this.db,
    );
    return Number(rows[0]?.count ?? 0);
  }
}

/**
 * A replay transaction's settings, in one round trip: no statement limit (a batch of thousands
 * of events may take a while), the scratch schema first on the search path, and, for scratch
 * loads, no wait for the WAL flush at commit.
 */
async function forReplay(
  trx: Transaction<DB>,
  schema: string,
  { synchronousCommit }: { readonly synchronousCommit: boolean },
): Promise<void> {
  await sql`SELECT set_config('statement_timeout', '0', true),
                   set_config('search_path', ${`${schema}, public`}, true),
                   set_config('synchronous_commit', ${synchronousCommit ? 'on' : 'off'}, true)`.execute(
    trx,
  );
}

async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function useSchema(trx: Transaction<DB>, schema: string): Promise<void> {
  await sql`SELECT set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
}

function secondsOf(scratches: readonly Scratch[]): Record<string, number> {
  return Object.fromEntries(scratches.map((s) => [s.projection.name, s.spent.ms / 1000]));
}

async function applyInto(
  trx: Transaction<DB>,
  { projection, parked }: Scratch,
  events: readonly RecordedEvent[],
  options: RebuildOptions,
): Promise<void> {
  const context: ProjectionContext = { trx, publish: () => undefined, replaying: true };
  const fresh = parked.size === 0 ? events : events.filter((e) => !parked.has(e.globalPosition));
  if (projection.applyAll && !options.eventByEvent) await projection.applyAll(fresh, context);
  else for (const event of fresh) await projection.apply(event, context);
}
