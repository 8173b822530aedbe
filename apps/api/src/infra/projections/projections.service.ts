import type { ProjectionStatus } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
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
import { LIVE_PUBLISHER } from '../realtime/socket-live-publisher';
import { type LivePublisher, type Projection, PROJECTIONS } from './projection';
import { ProjectionGroup } from './projection-group';
import { ProjectionRunner } from './projection-runner';

const LAG_COUNT_CAP = 100_000;

/** Runs every registered projection in this process (as one group) and answers for their progress. */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly runners: Map<string, ProjectionRunner>;
  private readonly group: ProjectionGroup;

  constructor(
    @Inject(PROJECTIONS) projections: Projection[],
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DATABASE) database: Database,
    @Inject(LIVE_PUBLISHER) publisher: LivePublisher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.runners = new Map(
      projections.map((projection) => [
        projection.name,
        new ProjectionRunner(projection, { store, db: database.db, publisher, clock, logger }),
      ]),
    );
    this.group = new ProjectionGroup([...this.runners.values()], {
      store,
      db: database.db,
      clock,
      logger,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runProjections) return;
    await this.group.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.group.stop();
    // Projections that failed in the group run alone.
    await Promise.all([...this.runners.values()].map((runner) => runner.stop()));
  }

  get names(): string[] {
    return [...this.runners.keys()];
  }

  async statuses(): Promise<ProjectionStatus[]> {
    const now = this.clock.now().getTime();
    return Promise.all(
      [...this.runners.values()].map(async (runner) => {
        const pending = await this.store.countAfter(runner.position, LAG_COUNT_CAP);
        const { lastError, updatedAt } = runner.status;
        return {
          name: runner.name,
          state: runner.state,
          position: runner.position.position,
          lag_events: pending.count,
          lag_ms: pending.oldest ? Math.max(0, now - pending.oldest.getTime()) : 0,
          last_error: lastError,
          updated_at: updatedAt?.toISOString() ?? null,
        };
      }),
    );
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
