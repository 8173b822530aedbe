import type { RoomName } from '@medbook/contracts';
import {
  isDatabaseUnavailable,
  compareLogPositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from '@medbook/event-store';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { DB } from '../database/database.types';
import type { LiveEventName, LiveMessage, LivePublisher, Projection } from './projection';
import {
  commitWithoutFlush,
  lockCheckpoint,
  readCheckpoint,
  recordFailure,
  saveCheckpoint,
  type StoredCheckpoint,
} from './projection-checkpoints';
import { type ParkedEvent, readParks } from './projection-parks';

/** A projection failed on one event: names it, for the log and /ops/projections. */
export class ProjectionEventFailed extends Error {
  override readonly name = 'ProjectionEventFailed';
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    cause: unknown,
  ) {
    super(
      `${projection} failed on event ${event.globalPosition} (${event.type}): ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
      { cause },
    );
  }
}

export type ProjectionState = 'starting' | 'running' | 'failing' | 'stopped';

export interface QueuedMessage {
  readonly room: RoomName;
  readonly event: LiveEventName;
  readonly message: LiveMessage<LiveEventName>;
}

export interface AppliedBatch {
  /** The last event applied, or the stored checkpoint when none was new. */
  readonly reached: LogPosition;
  readonly queued: readonly QueuedMessage[];
}

export interface ProjectionRunnerOptions {
  readonly store: EventStore;
  readonly db: Kysely<DB>;
  readonly publisher: LivePublisher;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly batchSize?: number;
}

/**
 * Keeps one projection's read model up to date. Each batch of events is applied and the
 * checkpoint saved in one transaction, under a row lock on the checkpoint: a crash before commit
 * loses nothing (the batch is read again), and an event at or before the stored checkpoint is
 * never applied twice, even by two runners at once.
 */
export class ProjectionRunner {
  private subscription: Subscription | null = null;
  private checkpoint: LogPosition = { commit: 0, position: 0 };
  private lastError: string | null = null;
  private updatedAt: Date | null = null;
  private stateValue: ProjectionState = 'stopped';
  private readonly waiters = new Set<() => void>();
  /** Applied by a ProjectionGroup's subscription rather than its own. */
  private grouped = false;
  /** Events an operator parked for this projection, by global position: skipped. */
  private parked = new Map<number, ParkedEvent>();

  constructor(
    readonly projection: Projection,
    private readonly options: ProjectionRunnerOptions,
  ) {}

  get name(): string {
    return this.projection.name;
  }

  get state(): ProjectionState {
    return this.stateValue;
  }

  get position(): LogPosition {
    return this.checkpoint;
  }

  get status(): { lastError: string | null; updatedAt: Date | null } {
    return { lastError: this.lastError, updatedAt: this.updatedAt };
  }

  async start(): Promise<void> {
    if (this.subscription) return;
    this.grouped = false;
    this.stateValue = 'starting';
    const stored = await readCheckpoint(this.options.db, this.name);
    await this.loadParks();
    this.checkpoint = stored;
    this.updatedAt = stored.updatedAt;
    this.subscription = this.options.store.subscribeToAll({
      from: stored,
      batchSize: this.options.batchSize ?? 500,
      handle: (events) => this.applyAlone(events),
      onError: (error) => this.fail(error),
      onRecovered: () => this.recovered(),
    });
    this.stateValue = 'running';
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
    this.grouped = false;
    this.stateValue = 'stopped';
    this.notifyWaiters();
  }

  /** Resolves once the projection has applied the event at `target`, or false after the timeout. */
  async waitUntil(target: LogPosition, timeoutMs: number): Promise<boolean> {
    const reached = () => compareLogPositions(this.checkpoint, target) >= 0;
    if (reached()) return true;
    const deadline = Date.now() + timeoutMs;
    while (!reached()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(remaining, 250));
        this.waiters.add(wake);
      });
      if (!this.subscription && !this.grouped) {
        this.checkpoint = await readCheckpoint(this.options.db, this.name);
      }
    }
    return true;
  }

  /** Reads the events parked for this projection (before it starts, and before each retry). */
  async loadParks(): Promise<void> {
    this.parked = await readParks(this.options.store, this.name);
  }

  /** Cuts its retry backoff short: an operator just parked the event it was stuck on. */
  retryNow(): void {
    this.subscription?.retryNow();
  }

  /**
   * Alone (its own subscription): one transaction per batch, under its checkpoint's lock. A batch
   * that fails is applied again event by event, so the events before the bad one are kept and
   * the bad one is named (thrown as ProjectionEventFailed, recorded for every process to read).
   */
  async applyAlone(events: readonly RecordedEvent[]): Promise<void> {
    if (this.stateValue === 'failing') await this.loadParks();
    try {
      await this.applyBatch(events);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      if (events.length === 1) throw await this.failedOn(events[0]!, error);
      for (const event of events) {
        try {
          await this.applyBatch([event]);
        } catch (single) {
          if (isDatabaseUnavailable(single)) throw single;
          throw await this.failedOn(event, single);
        }
      }
    }
  }

  private async failedOn(event: RecordedEvent, cause: unknown): Promise<ProjectionEventFailed> {
    const failure = new ProjectionEventFailed(this.name, event, cause);
    const error = cause instanceof Error ? cause.message : String(cause);
    const at = this.options.clock.now();
    const recorded = await recordFailure(
      this.options.db,
      this.name,
      { position: event.globalPosition, type: event.type, error },
      at,
    ).then(
      () => true,
      () => false,
    );
    // Operators' health pages show it at once (they read the recorded failure again).
    if (recorded) {
      this.options.publisher.publish('ops', 'projection.failing', {
        name: this.name,
        position: this.checkpoint.position,
        failing_position: event.globalPosition,
        event_type: event.type,
        at: at.toISOString(),
      });
    }
    return failure;
  }

  private async applyBatch(events: readonly RecordedEvent[]): Promise<void> {
    const now = this.options.clock.now();
    const applied = await this.options.db.transaction().execute(async (trx) => {
      await commitWithoutFlush(trx);
      const stored = await lockCheckpoint(trx, this.name);
      const result = await this.applyWithin(trx, events, stored);
      if (result.reached !== stored) await saveCheckpoint(trx, this.name, result.reached, now);
      return result;
    });
    this.committed(applied, now);
  }

  /**
   * Applies the events after the stored (locked) checkpoint inside the caller's transaction.
   * Answers where the projection got to and the live messages to send once the caller commits.
   */
  async applyWithin(
    trx: Transaction<DB>,
    events: readonly RecordedEvent[],
    stored: LogPosition,
  ): Promise<AppliedBatch> {
    const queued: QueuedMessage[] = [];
    const after = events.filter((e) => compareLogPositions(e.logPosition, stored) > 0);
    const fresh =
      this.parked.size === 0 ? after : after.filter((e) => !this.parked.has(e.globalPosition));
    const context = {
      trx,
      publish: <E extends LiveEventName>(room: RoomName, event: E, message: LiveMessage<E>) => {
        queued.push({ room, event, message: message });
      },
    };
    if (this.projection.applyAll) await this.projection.applyAll(fresh, context);
    else for (const event of fresh) await this.projection.apply(event, context);
    // A parked event is passed over like an applied one.
    const last = after[after.length - 1];
    return { reached: last ? last.logPosition : stored, queued };
  }

  /** After the transaction of `applyWithin` committed: move on, wake waiters, send messages. */
  committed({ reached, queued }: AppliedBatch, now: Date): void {
    this.checkpoint = { commit: reached.commit, position: reached.position };
    this.updatedAt = now;
    this.lastError = null;
    this.stateValue = 'running';
    this.notifyWaiters();
    for (const { room, event, message } of queued) {
      this.options.publisher.publish(room, event, message);
    }
    this.options.publisher.publish('ops', 'projection.position', {
      name: this.name,
      position: reached.position,
      at: now.toISOString(),
    });
  }

  /** Runs in a group (see ProjectionGroup): the group reads the log and calls applyWithin. */
  joined(stored: StoredCheckpoint): void {
    this.grouped = true;
    this.checkpoint = { commit: stored.commit, position: stored.position };
    this.updatedAt = stored.updatedAt;
    this.stateValue = 'running';
  }

  /** A failed batch: recorded for the ops status and logged. */
  fail(error: unknown): void {
    this.stateValue = 'failing';
    this.lastError = error instanceof Error ? error.message : String(error);
    this.options.logger.error({ err: error, projection: this.name }, 'projection batch failed');
  }

  /** Reading and applying work again (there may be nothing new to apply yet). */
  recovered(): void {
    this.lastError = null;
    if (this.stateValue === 'failing') this.stateValue = 'running';
  }

  /** Its checkpoint moved in another process (the leader's): waiters read it again now. */
  wake(): void {
    this.notifyWaiters();
  }

  private notifyWaiters(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
