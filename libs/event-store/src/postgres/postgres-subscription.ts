import type { Sql } from 'postgres';
import type {
  LogPosition,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import { WakeSignal } from '../wake-signal';
import { isDatabaseUnavailable } from './database-unavailable';

/**
 * Where readers of the log stop. 'server': below the oldest transaction running anywhere on the
 * PostgreSQL server, the snapshot's xmin (free to compute). 'database': below the oldest running
 * transaction that could append to this database's log (es_read_horizon, migration 0048), so a
 * long transaction in another database does not hold readers back; it reads the server's
 * activity, about half a millisecond with dozens of transactions running, so a subscription
 * (hundreds of reads a second under load) uses it only while one oldest transaction has held it
 * back for a while (see STUCK_MS); the store's readAll, head() and the log sealer always do.
 */
export type Horizon = 'server' | 'database';

interface PostgresSubscriptionOptions extends SubscribeOptions {
  readonly pollIntervalMs: number;
  readonly listen: boolean;
  readonly batchWindowMs: number;
  readonly channel: string;
  /** Events after a place in the log, below the horizon (see Horizon). */
  readonly read: (
    after: LogPosition,
    maxCount: number,
    horizon: Horizon,
  ) => Promise<RecordedEvent[]>;
  /**
   * Whether committed events exist after this place that an older running transaction hides,
   * whether some are readable now (committed, or let through by the horizon, since the read
   * before), and the server's oldest running transaction (the snapshot's xmin, as text).
   */
  readonly heldBack: (
    after: LogPosition,
    horizon: Horizon,
  ) => Promise<{ readonly held: boolean; readonly readable: boolean; readonly xmin: string }>;
  readonly onStopped: () => void;
}

/** A handler's fault: retried after 100 ms, doubling up to a minute. */
const HANDLER_BACKOFF_MS = { first: 100, max: 60_000 } as const;
/**
 * A read that has not answered in this long is given up (and retried): postgres.js can leave a
 * query queued for good when the server went away at the wrong moment, and one lost read must
 * not stop a subscription. A batch (a read-model transaction) gets longer; one given up and
 * finishing late is harmless, since projections lock their checkpoint and skip what is applied.
 */
const READ_DEADLINE_MS = 1000;
const HANDLE_DEADLINE_MS = 10_000;
/** How long stop() waits for the loop to finish its batch, and then for its UNLISTEN. */
const STOP_WAIT_MS = 2000;

/** The database cannot serve: retried quickly, so delivery resumes within a second of its return. */
const UNAVAILABLE_RETRY_MS = 250;
/** How soon to look again while a running transaction hides committed events. */
const HELD_BACK_RETRY_MS = [5, 10, 20, 40, 80, 160] as const;
/**
 * Held back this long by one and the same oldest transaction of the server: it is no booking
 * about to commit (those come and go within milliseconds, and the oldest moves on), so reads
 * leave out other databases' transactions (the dearer horizon) for as long as that one runs.
 */
const STUCK_MS = 100;

/**
 * Reads all events from a place in the log, then waits for NOTIFY (or the poll interval) and reads
 * on. A failed read or handler is retried from the last finished batch, so a dropped connection
 * only delays delivery.
 */
export class PostgresSubscription implements Subscription {
  private current: LogPosition;
  private stopped = false;
  private retryRequested = false;
  private readonly wake = new WakeSignal();
  private loop: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
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
    // A loop held up by a lost query ends on its own at its deadline; stopping does not wait
    // for that (a new leader or a restart must not hang behind it).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.loop,
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
    // UNLISTEN waits for the listening connection, which may be re-connecting: bounded too.
    const unlisten = this.unlisten?.().catch(() => undefined);
    await Promise.race([
      unlisten,
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
    this.options.onStopped();
  }

  /** LISTENs until it works (the database may be away when the subscription starts). */
  private async listen(): Promise<void> {
    for (let attempt = 0; !this.stopped; attempt++) {
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
        return;
      } catch (error) {
        if (attempt === 0) this.options.onError?.(error, isDatabaseUnavailable(error));
        await new Promise((resolve) => setTimeout(resolve, UNAVAILABLE_RETRY_MS));
      }
    }
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    let failures = 0;
    let heldBackRetries = 0;
    // The server's oldest running transaction while it holds this subscription back, and since
    // when: once it has for STUCK_MS, reads use the database's horizon until it ends.
    let stuck = null as { readonly xmin: string; readonly since: number } | null;
    while (!this.stopped) {
      try {
        const horizon: Horizon =
          stuck && Date.now() - stuck.since >= STUCK_MS ? 'database' : 'server';
        const events = await within(
          this.options.read(this.current, batchSize, horizon),
          READ_DEADLINE_MS,
        );
        if (this.stopped) break;
        if (events.length > 0) {
          await within(this.options.handle(events), HANDLE_DEADLINE_MS);
          const last = events[events.length - 1];
          if (last) this.current = last.logPosition;
        }
        if (failures > 0) {
          failures = 0;
          this.options.onRecovered?.();
        }
        if (events.length >= batchSize) continue;
        if (events.length > 0 && this.options.batchWindowMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, this.options.batchWindowMs));
          continue;
        }
        // The notification for these events may already have come: without a quick second
        // look they would wait for the next append or poll.
        const { held, readable, xmin } = await within(
          this.options.heldBack(this.current, horizon),
          READ_DEADLINE_MS,
        );
        // Became readable between the read and this look (the transaction holding it back
        // ended): read it now. Its notification may have been spent on the read that missed it.
        if (readable) continue;
        if (stuck?.xmin !== xmin) stuck = held ? { xmin, since: Date.now() } : null;
        if (held) {
          const delay =
            HELD_BACK_RETRY_MS[Math.min(heldBackRetries, HELD_BACK_RETRY_MS.length - 1)]!;
          heldBackRetries += 1;
          await this.wake.wait(Math.min(delay, this.options.pollIntervalMs));
          continue;
        }
        heldBackRetries = 0;
        await this.wake.wait(this.options.pollIntervalMs);
      } catch (error) {
        if (this.stopped) break;
        const unavailable = isDatabaseUnavailable(error);
        this.options.onError?.(error, unavailable);
        // An outage is waited out in short steps (a reconnected LISTEN wakes it sooner); a
        // handler's fault backs off, doubling, so a poison event does not spin.
        const delay = unavailable
          ? UNAVAILABLE_RETRY_MS
          : Math.min(
              HANDLER_BACKOFF_MS.max,
              HANDLER_BACKOFF_MS.first * 2 ** Math.min(failures, 20),
            );
        failures += 1;
        if (unavailable) await this.wake.wait(delay);
        else await this.sleep(delay);
      }
    }
  }

  /**
   * Waits the whole time (new events do not cut it short), unless the subscription stops or
   * `retryNow` is called.
   */
  private async sleep(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopped && !this.retryRequested && Date.now() < until) {
      await this.wake.wait(until - Date.now());
    }
    this.retryRequested = false;
  }

  retryNow(): void {
    this.retryRequested = true;
    this.wake.wake();
  }
}

/** The promise's outcome, or a QUERY_TIMEOUT failure (counted as the database unavailable). */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          Object.assign(new Error(`No answer from the database within ${ms} ms`), {
            code: 'QUERY_TIMEOUT',
          }),
        ),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
