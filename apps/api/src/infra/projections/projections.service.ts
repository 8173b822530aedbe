import type { ProjectionStatus } from '@medbook/contracts';
import type { EventStore, LogPosition } from '@medbook/event-store';
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CLOCK, type Clock } from '../clock';
import { DATABASE, type Database } from '../database/database';
import { EVENT_STORE } from '../event-store/event-store.provider';
import { LOGGER } from '../logging/logger';
import { Leadership } from '../leadership/leadership';
import { shutdownStep } from '../lifecycle/shutdown-step';
import { LIVE_PUBLISHER, type SocketLivePublisher } from '../realtime/socket-live-publisher';
import { type Projection, PROJECTIONS } from './projection';
import { readCheckpoint, readCheckpointStates } from './projection-checkpoints';
import { readParksOf } from './projection-parks';
import { ProjectionBackfill, readBackfills, unprojected } from './projection-backfill';
import { ProjectionGroup } from './projection-group';
import { ProjectionRunner } from './projection-runner';

const LAG_COUNT_CAP = 100_000;

/** The leadership role of the projections: one process at a time runs them all, as one group. */
export const PROJECTIONS_ROLE = 'projections';

/** A projection's status, with the process that runs it (INSTANCE_ID) or null while none does. */
export type LedProjectionStatus = ProjectionStatus & { readonly leader: string | null };

/**
 * Runs every registered projection (as one group) in the one process that leads them, and
 * answers for their progress in every process: a follower reads their checkpoints.
 */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly runners: Map<string, ProjectionRunner>;
  private group: ProjectionGroup | null = null;
  private backfill: ProjectionBackfill | null = null;

  constructor(
    @Inject(PROJECTIONS) projections: Projection[],
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(LIVE_PUBLISHER) private readonly publisher: SocketLivePublisher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly leadership: Leadership,
  ) {
    this.runners = new Map(
      projections.map((projection) => [
        projection.name,
        new ProjectionRunner(projection, {
          store,
          db: database.projectionsDb,
          publisher,
          clock,
          logger,
        }),
      ]),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    // A follower's read-your-writes waits wake when the leader says a projection moved.
    this.publisher.onDelivered(({ event, message }) => {
      const runner = this.runners.get((message as { name?: string }).name ?? '');
      // The leader retries a projection at once when an operator parked its stuck event.
      if (event === 'projection.parked' && this.leading) runner?.retryNow();
      if (event !== 'projection.position' || this.leading) return;
      runner?.wake();
    });
    await this.leadership.campaign({
      name: PROJECTIONS_ROLE,
      lead: () => this.startAll(),
      resign: () => this.stopAll(),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await shutdownStep('projections: stop', 10_000, this.logger, () => this.stopAll());
  }

  get names(): string[] {
    return [...this.runners.keys()];
  }

  private get leading(): boolean {
    return this.leadership.isLeading(PROJECTIONS_ROLE);
  }

  /**
   * Every projection in one group again (those that had failed out of it included), but those
   * added since the service last ran: they are back-filled first, then all start again together.
   */
  private async startAll(): Promise<void> {
    await this.stopAll();
    const runners = [...this.runners.values()];
    const { db } = this.database;
    const added = await unprojected(
      db,
      this.store,
      runners.map((r) => r.projection),
    );
    this.group = new ProjectionGroup(
      runners.filter((r) => !added.includes(r.projection)),
      {
        store: this.store,
        db: this.database.projectionsDb,
        clock: this.clock,
        logger: this.logger,
      },
    );
    await this.group.start();
    if (added.length === 0) return;
    const backfill = new ProjectionBackfill(added, {
      store: this.store,
      db,
      clock: this.clock,
      logger: this.logger,
    });
    this.backfill = backfill;
    // Done (swapped here, or found projected by a process that led meanwhile): all together now.
    // Stopped instead (stopAll cleared it first): whoever leads next starts again.
    backfill.done
      .then(async () => {
        if (this.backfill !== backfill) return;
        this.backfill = null;
        if (this.leading) await this.startAll();
      })
      .catch((error: unknown) => this.logger.error({ err: error }, 'projections failed to start'));
  }

  private async stopAll(): Promise<void> {
    const backfill = this.backfill;
    this.backfill = null;
    await backfill?.stop();
    const group = this.group;
    this.group = null;
    await group?.stop();
    // Projections that failed in the group run alone.
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
  }

  async statuses(): Promise<LedProjectionStatus[]> {
    const now = this.clock.now().getTime();
    const leader = await this.leadership.leaderOf(PROJECTIONS_ROLE);
    const leading = leader.thisProcess;
    // One query for every checkpoint and failure, one read of every parks stream: /health asks
    // this too, so its cost does not grow with a query per projection.
    const names = [...this.runners.keys()];
    const [states, parksByName, backfills] = await Promise.all([
      readCheckpointStates(this.database.db, names),
      readParksOf(this.store, names),
      readBackfills(this.database.db, names),
    ]);
    return Promise.all(
      [...this.runners.values()].map(async (runner) => {
        const { checkpoint: stored, failing } = states.get(runner.name)!;
        const parks = parksByName.get(runner.name)!;
        // A follower knows a projection's progress from its checkpoint, not its own runner.
        const position = leading ? runner.position : stored;
        const pending = await this.store.countAfter(position, LAG_COUNT_CAP);
        const { lastError, updatedAt } = leading
          ? runner.status
          : { lastError: failing?.error ?? null, updatedAt: stored.updatedAt };
        const backfill = backfills.get(runner.name) ?? null;
        return {
          name: runner.name,
          state: stateOf(runner, leader, failing !== null, backfill !== null),
          position: position.position,
          lag_events: pending.count,
          lag_ms: pending.oldest ? Math.max(0, now - pending.oldest.getTime()) : 0,
          last_error: lastError,
          updated_at: updatedAt?.toISOString() ?? null,
          failing_event: failing && {
            position: failing.position,
            type: failing.type,
            error: failing.error,
            since: failing.since.toISOString(),
            attempts: failing.attempts,
          },
          parked_events: [...parks.values()].map((park) => ({
            position: park.position,
            type: park.type,
            reason: park.reason,
            parked_by: park.parkedBy,
            parked_at: park.parkedAt.toISOString(),
          })),
          backfill,
          leader: leader.instance,
        };
      }),
    );
  }

  /**
   * Each projection's state alone (as `statuses` tells it), for the public health probe: a load
   * balancer asks every few seconds, under load too, so this reads no lag (a count of up to
   * LAG_COUNT_CAP events per projection) and no parks: two small reads.
   */
  async states(): Promise<ProjectionStatus['state'][]> {
    const leader = await this.leadership.leaderOf(PROJECTIONS_ROLE);
    const names = [...this.runners.keys()];
    const [states, backfills] = await Promise.all([
      readCheckpointStates(this.database.db, names),
      readBackfills(this.database.db, names),
    ]);
    return [...this.runners.values()].map((runner) =>
      stateOf(
        runner,
        leader,
        states.get(runner.name)!.failing !== null,
        backfills.has(runner.name),
      ),
    );
  }

  /** The projection's checkpoint as stored (any process), or null for an unknown name. */
  async checkpointOf(name: string): Promise<LogPosition | null> {
    return this.runners.has(name) ? readCheckpoint(this.database.db, name) : null;
  }

  /**
   * Waits until the named projections have applied the event at a global position.
   * Resolves false when that takes longer than the configured wait.
   */
  async waitForPosition(names: readonly string[], position: number): Promise<boolean> {
    const deadline = Date.now() + this.config.readWaitMs;
    let target = await this.store.logPositionOf(position);
    while (!target) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
      target = await this.store.logPositionOf(position);
    }
    for (const name of names) {
      const runner = this.runners.get(name);
      if (!runner) throw new Error(`Unknown projection ${name}`);
      if (!(await runner.waitUntil(target, Math.max(0, deadline - Date.now())))) return false;
    }
    return true;
  }
}

/**
 * A recorded failure is cleared only by a commit past it: while it stands, the projection is
 * stuck on that event, even when its runner is between two attempts (a projection leaving the
 * group starts its own subscription as 'running' before it fails again). A follower knows no
 * runner state of its own: the projection runs while some process leads.
 */
function stateOf(
  runner: ProjectionRunner,
  leader: { readonly thisProcess: boolean; readonly instance: string | null },
  failing: boolean,
  backfilling: boolean,
): ProjectionStatus['state'] {
  if (backfilling) return 'back-filling';
  if (failing) return 'failing';
  if (leader.thisProcess) return runner.state;
  return leader.instance ? 'running' : 'stopped';
}
