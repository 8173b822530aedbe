import type { Sql } from 'postgres';
import type { EventStore, LogPosition, SubscribeOptions, Subscription } from '../event-store.port';
import { WakeSignal } from '../wake-signal';

interface PostgresSubscriptionOptions extends SubscribeOptions {
  readonly pollIntervalMs: number;
  readonly listen: boolean;
  readonly batchWindowMs: number;
  readonly channel: string;
  /** Committed events exist after this place that an older running transaction hides. */
  readonly heldBack: (after: LogPosition) => Promise<boolean>;
  readonly onStopped: () => void;
}

const MAX_BACKOFF_MS = 5000;
/** How soon to look again while a running transaction hides committed events. */
const HELD_BACK_RETRY_MS = [5, 10, 20, 40, 80, 160] as const;

/**
 * Reads all events from a place in the log, then waits for NOTIFY (or the poll interval) and reads
 * on. A failed read or handler is retried from the last finished batch, so a dropped connection
 * only delays delivery.
 */
export class PostgresSubscription implements Subscription {
  private current: LogPosition;
  private stopped = false;
  private readonly wake = new WakeSignal();
  private loop: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly sql: Sql,
    private readonly options: PostgresSubscriptionOptions,
  ) {
    this.current = options.from;
  }

  get position(): LogPosition {
    return this.current;
  }

  start(): void {
    if (this.options.listen) void this.listen();
    this.loop = this.run();
  }

  /** New events may be readable: read now instead of at the next poll. */
  wakeUp(): void {
    this.wake.wake();
  }

  async stop(): Promise<void> {
    if (this.stopped) return this.loop;
    this.stopped = true;
    this.wake.wake();
    await this.loop;
    await this.unlisten?.().catch(() => undefined);
    this.options.onStopped();
  }

  private async listen(): Promise<void> {
    try {
      // postgres.js re-listens after a reconnect and calls onlisten again: read then, since
      // notifications sent while disconnected are lost.
      const request = await this.sql.listen(
        this.options.channel,
        () => this.wake.wake(),
        () => this.wake.wake(),
      );
      if (this.stopped) await request.unlisten();
      else this.unlisten = () => request.unlisten();
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    let failures = 0;
    let heldBackRetries = 0;
    while (!this.stopped) {
      try {
        const events = await this.store.readAll({ after: this.current, maxCount: batchSize });
        if (this.stopped) break;
        if (events.length > 0) {
          await this.options.handle(events);
          const last = events[events.length - 1];
          if (last) this.current = last.logPosition;
        }
        failures = 0;
        if (events.length >= batchSize) continue;
        if (events.length > 0 && this.options.batchWindowMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, this.options.batchWindowMs));
          continue;
        }
        // The notification for these events may already have come: without a quick second
        // look they would wait for the next append or poll.
        if (await this.options.heldBack(this.current)) {
          const delay =
            HELD_BACK_RETRY_MS[Math.min(heldBackRetries, HELD_BACK_RETRY_MS.length - 1)]!;
          heldBackRetries += 1;
          await this.wake.wait(Math.min(delay, this.options.pollIntervalMs));
          continue;
        }
        heldBackRetries = 0;
        await this.wake.wait(this.options.pollIntervalMs);
      } catch (error) {
        failures += 1;
        this.options.onError?.(error);
        await this.wake.wait(Math.min(MAX_BACKOFF_MS, 50 * 2 ** failures));
      }
    }
  }
}
