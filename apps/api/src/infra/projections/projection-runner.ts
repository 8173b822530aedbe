import type { RoomName } from '@medbook/contracts';
import {
  compareLogPositions,
  type EventStore,
  type LogPosition,
  type RecordedEvent,
  type Subscription,
} from '@medbook/event-store';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { DB } from '../database/database.types';
import type { LiveEventName, LiveMessage, LivePublisher, Projection } from './projection';
import { lockCheckpoint, readCheckpoint, saveCheckpoint } from './projection-checkpoints';

export type ProjectionState = 'starting' | 'running' | 'failing' | 'stopped';

interface QueuedMessage {
  readonly room: RoomName;
  readonly event: LiveEventName;
  readonly message: LiveMessage<LiveEventName>;
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
    this.stateValue = 'starting';
    const stored = await readCheckpoint(this.options.db, this.name);
    this.checkpoint = stored;
    this.updatedAt = stored.updatedAt;
    this.subscription = this.options.store.subscribeToAll({
      from: stored,
      batchSize: this.options.batchSize ?? 500,
      handle: (events) => this.applyBatch(events),
      onError: (error) => this.fail(error),
    });
    this.stateValue = 'running';
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
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
      if (!this.subscription) this.checkpoint = await readCheckpoint(this.options.db, this.name);
    }
    return true;
  }

  private async applyBatch(events: readonly RecordedEvent[]): Promise<void> {
    const queued: QueuedMessage[] = [];
    const now = this.options.clock.now();
    const reachedAt = await this.options.db.transaction().execute(async (trx) => {
      const stored = await lockCheckpoint(trx, this.name);
      const fresh = events.filter((e) => compareLogPositions(e.logPosition, stored) > 0);
      const context = {
        trx,
        publish: <E extends LiveEventName>(room: RoomName, event: E, message: LiveMessage<E>) => {
          queued.push({ room, event, message: message });
        },
      };
      for (const event of fresh) await this.projection.apply(event, context);
      const last = fresh[fresh.length - 1];
      if (!last) return stored;
      await saveCheckpoint(trx, this.name, last.logPosition, now);
      return last.logPosition;
    });
    this.checkpoint = { commit: reachedAt.commit, position: reachedAt.position };
    this.updatedAt = now;
    this.lastError = null;
    this.stateValue = 'running';
    this.notifyWaiters();
    for (const { room, event, message } of queued) {
      this.options.publisher.publish(room, event, message);
    }
    this.options.publisher.publish('ops', 'projection.position', {
      name: this.name,
      position: reachedAt.position,
      at: now.toISOString(),
    });
  }

  private fail(error: unknown): void {
    this.stateValue = 'failing';
    this.lastError = error instanceof Error ? error.message : String(error);
    this.options.logger.error({ err: error, projection: this.name }, 'projection batch failed');
  }

  private notifyWaiters(): void {
    for (const wake of [...this.waiters]) wake();
  }
}
