import {
  isDatabaseUnavailable,
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
import { inPipelinedTransaction } from '../database/pipelined-transaction';
import {
  commitWithoutFlush,
  lockCheckpoints,
  readCheckpoint,
  saveCheckpoints,
} from './projection-checkpoints';
import type { AppliedBatch, ProjectionRunner } from './projection-runner';

export interface ProjectionGroupOptions {
  readonly store: EventStore;
  readonly db: Kysely<DB>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly batchSize?: number;
}

/**
 * Runs the projections of one process from one subscription: each batch is read once and applied
 * to every projection in one transaction (their checkpoints locked and saved in one statement
 * each), then their live messages go out. The projections apply the batch side by side: their
 * statements are pipelined on the transaction's connection (see inPipelinedTransaction), so a
 * batch waits for about as many round trips as its busiest projection makes, not for the sum of
 * all of them; a projection that reads another's tables (`appliesAfter`) starts once it is done. Against one subscription and one transaction per
 * projection this reads the log once instead of once per projection, commits once per batch, and
 * leaves no projection transaction open while the next batch is read: an open transaction holds
 * back the events committed after it (see the event store's readAll), so projections running side
 * by side kept delaying each other's live messages.
 *
 * A projection whose batch fails leaves the group and runs alone on its own subscription, with its
 * own retries: one broken read model neither blocks the others nor their live messages.
 */
export class ProjectionGroup {
  private readonly members: ProjectionRunner[];
  private subscription: Subscription | null = null;

  constructor(
    runners: readonly ProjectionRunner[],
    private readonly options: ProjectionGroupOptions,
  ) {
    // One lock order for every process running the same group.
    this.members = [...runners].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** The projections still applied together (the others failed and run alone). */
  get names(): string[] {
    return this.members.map((m) => m.name);
  }

  private waitingForDatabase = false;

  async start(): Promise<void> {
    if (this.subscription || this.members.length === 0) return;
    const stored = await Promise.all(
      this.members.map((m) => readCheckpoint(this.options.db, m.name)),
    );
    await Promise.all(this.members.map((member) => member.loadParks()));
    this.members.forEach((member, i) => member.joined(stored[i]!));
    const from = stored.reduce<LogPosition>(
      (min, at) => (compareLogPositions(at, min) < 0 ? at : min),
      stored[0]!,
    );
    this.subscription = this.options.store.subscribeToAll({
      from: { commit: from.commit, position: from.position },
      batchSize: this.options.batchSize ?? 500,
      handle: (events) => this.apply(events),
      onError: (error, unavailable) => this.failed(error, unavailable),
      onRecovered: () => this.recovered(),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  private async apply(events: readonly RecordedEvent[]): Promise<void> {
    const members = [...this.members];
    if (members.length === 0) return;
    const now = this.options.clock.now();
    let applied: AppliedBatch[];
    try {
      applied = await inPipelinedTransaction(this.options.db, async (trx) => {
        // Sent together with the lock (pipelined), so it costs no round trip of its own; both
        // settle before anything else is sent.
        const [, stored] = await allSettled([
          commitWithoutFlush(trx),
          lockCheckpoints(
            trx,
            members.map((m) => m.name),
          ),
        ] as const);
        const results = await applyTogether(members, (member) =>
          member.applyWithin(trx, events, stored.get(member.name)!),
        );
        const moved = new Map<string, LogPosition>();
        results.forEach((result, i) => {
          if (result.reached !== stored.get(members[i]!.name)) {
            moved.set(members[i]!.name, result.reached);
          }
        });
        await saveCheckpoints(trx, moved, now);
        return results;
      });
    } catch (error) {
      // The database is away: nobody's fault, the subscription retries the batch shortly.
      if (isDatabaseUnavailable(error)) throw error;
      await this.isolate(members, events, error);
      return;
    }
    members.forEach((member, i) => member.committed(applied[i]!, now));
  }

  /** Logged once per outage (the subscription retries every quarter second meanwhile). */
  private failed(error: unknown, unavailable: boolean): void {
    if (!unavailable) {
      this.options.logger.error({ err: error }, 'projection group read failed');
    } else if (!this.waitingForDatabase) {
      this.waitingForDatabase = true;
      const code = (error as { code?: unknown }).code;
      this.options.logger.warn({ code }, 'projections wait for the database');
    }
  }

  private recovered(): void {
    if (this.waitingForDatabase) this.options.logger.info('projections resumed');
    this.waitingForDatabase = false;
  }

  /**
   * The batch failed together: each projection tries it alone. Those that still fail leave the
   * group and start their own subscription from their stored checkpoint.
   */
  private async isolate(
    members: readonly ProjectionRunner[],
    events: readonly RecordedEvent[],
    error: unknown,
  ): Promise<void> {
    this.options.logger.warn({ err: error }, 'projection group batch failed: isolating');
    for (const member of members) {
      try {
        await member.applyAlone(events);
      } catch (failure) {
        member.fail(failure);
        this.members.splice(this.members.indexOf(member), 1);
        await member.start();
      }
    }
  }
}

/** In a failed transaction every later statement fails too: the first other error is the cause. */
const IN_FAILED_TRANSACTION = '25P02';

/**
 * Applies each member's batch at once, each after the members it reads (`appliesAfter`, those
 * still in the group), and answers once every one has settled: nothing of this batch may still
 * be sent when the transaction ends. Throws the first failure that caused the others, if any.
 */
async function applyTogether(
  members: readonly ProjectionRunner[],
  apply: (member: ProjectionRunner) => Promise<AppliedBatch>,
): Promise<AppliedBatch[]> {
  const byName = new Map(members.map((member) => [member.name, member]));
  const running = new Map<string, Promise<AppliedBatch>>();
  const start = (member: ProjectionRunner): Promise<AppliedBatch> => {
    let promise = running.get(member.name);
    if (!promise) {
      const before = (member.projection.appliesAfter ?? []).flatMap((name) => {
        const other = byName.get(name);
        return other ? [start(other)] : [];
      });
      promise = before.length === 0 ? apply(member) : Promise.all(before).then(() => apply(member));
      running.set(member.name, promise);
    }
    return promise;
  };
  return allSettled(members.map(start));
}

/**
 * The values once every statement has settled (none may still be in flight when the transaction
 * ends), or the first failure that caused the others.
 */
async function allSettled<const T extends readonly Promise<unknown>[]>(
  promises: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(promises);
  const failures = settled.flatMap((outcome) =>
    outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
  );
  if (failures.length > 0) {
    throw (
      failures.find((error) => (error as { code?: unknown }).code !== IN_FAILED_TRANSACTION) ??
      failures[0]
    );
  }
  return settled.map((outcome) => (outcome as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
