import type { RoomName, ServerToClientEvents } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import type { Transaction } from 'kysely';
import type { DB } from '../database/database.types';

export type LiveEventName = keyof ServerToClientEvents;
export type LiveMessage<E extends LiveEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Sends a message to a socket.io room; projections call it only after their commit. */
export interface LivePublisher {
  publish<E extends LiveEventName>(room: RoomName, event: E, message: LiveMessage<E>): void;
}

export interface ProjectionContext {
  readonly trx: Transaction<DB>;
  /** Queued, and sent only once the batch's transaction has committed. */
  publish<E extends LiveEventName>(room: RoomName, event: E, message: LiveMessage<E>): void;
  /**
   * A rebuild or back-fill: nothing is published, so a projection skips the reads that only
   * work out what its live messages would say.
   */
  readonly replaying?: boolean;
}

/**
 * A read model kept from the log. `apply` must be deterministic (no clock, no randomness: use the
 * event's own fields), so a rebuild from position 0 gives identical rows.
 */
export interface Projection {
  readonly name: string;
  /** The read model tables this projection alone writes; a rebuild recreates exactly these. */
  readonly tables: readonly (keyof DB)[];
  /**
   * Indexes (by name, of its tables) its own statements find rows by, beyond the unique ones: a
   * rebuild keeps them while it loads; the others are built after the load.
   */
  readonly lookupIndexes?: readonly string[];
  /**
   * The tables its statements read rows from while it loads: a rebuild refreshes their
   * statistics as they grow, so the planner finds rows by key. A table it only writes needs none
   * (ANALYZE of a large trail was a quarter of its rebuild). Every table when left out.
   */
  readonly lookupTables?: readonly (keyof DB)[];
  /**
   * Projections (by name) whose tables its statements read while applying. In a group, where the
   * projections apply a batch side by side in one transaction, it applies the batch after them,
   * so it sees their rows of that batch as well.
   */
  readonly appliesAfter?: readonly string[];
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void>;
  /**
   * A batch at once, in log order, when the projection can do better than event by event (one
   * multi-row insert); it must leave the same rows as `apply` on each event would.
   */
  applyAll?(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void>;
}

export const PROJECTIONS = Symbol('PROJECTIONS');

/** Rows per multi-row statement: their parameters stay far below PostgreSQL's 65535. */
export const ROWS_PER_STATEMENT = 500;

/** Rows in slices of at most ROWS_PER_STATEMENT, one multi-row statement each. */
export function statementChunks<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    chunks.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  }
  return chunks;
}
