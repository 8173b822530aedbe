import type { HealthReport, PublicHealth } from '@medbook/contracts';
import type { EventStore, LogHoldup } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../infra/clock';
import { DATABASE, type Database } from '../../infra/database/database';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { ProjectionsService } from '../../infra/projections/projections.service';

/** How long the health check waits for the database before reporting it down. */
export const DATABASE_ANSWER_MS = 1_000;

/** Committed events held back are counted up to this many. */
const HOLDUP_COUNT_CAP = 10_000;

/**
 * A holdup is reported once its oldest event has waited this long. Every write transaction of
 * the service holds later commits back for the milliseconds it runs (a projection batch, an
 * append); those pass on their own and are not an operator's concern.
 */
export const HELD_BACK_REPORT_MS = 1_000;

function toHeldBack(holdup: LogHoldup | null): HealthReport['event_store']['held_back'] {
  if (!holdup || holdup.waitedMs < HELD_BACK_REPORT_MS) return null;
  const { transaction } = holdup;
  return {
    waiting_events: holdup.waitingEvents,
    waiting_since: holdup.waitingSince?.toISOString() ?? null,
    transaction: {
      pid: transaction.pid,
      application_name: transaction.applicationName,
      state: transaction.state,
      started_at: transaction.startedAt?.toISOString() ?? null,
    },
  };
}

/** The service's health: the database answers, the log's head, and how each projection runs. */
@Injectable()
export class HealthService {
  constructor(
    private readonly projections: ProjectionsService,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async report(): Promise<HealthReport> {
    const checkedAt = this.clock.now().toISOString();
    if (!(await this.databaseAnswers())) {
      return {
        status: 'degraded',
        database: 'down',
        event_store: { head_position: 0, held_back: null },
        projections: [],
        checked_at: checkedAt,
      };
    }
    const [head, holdup, projections] = await Promise.all([
      this.store.head(),
      this.store.holdup(HOLDUP_COUNT_CAP),
      this.projections.statuses(),
    ]);
    return {
      status: projections.every((p) => p.state === 'running') ? 'ok' : 'degraded',
      database: 'up',
      event_store: { head_position: head?.position ?? 0, held_back: toHeldBack(holdup) },
      projections,
      checked_at: checkedAt,
    };
  }

  /**
   * For anyone, a load balancer's probe above all: up while the database answers and every
   * projection runs, degraded otherwise. A probe comes every few seconds from each balancer,
   * under load as well, so it reads no more than it tells: not the log's head, the held-back
   * events or each projection's lag (a count of up to 100,000 events per projection, and about
   * 5 ms of PostgreSQL's time for the holdup alone), which operators get from `report`.
   */
  async publicStatus(): Promise<PublicHealth> {
    const checkedAt = this.clock.now().toISOString();
    const up =
      (await this.databaseAnswers()) &&
      (await this.projections.states()).every((state) => state === 'running');
    return { status: up ? 'up' : 'degraded', checked_at: checkedAt };
  }

  /**
   * Whether the database answers within DATABASE_ANSWER_MS. While it is away, a query first waits
   * for a pooled connection whose own attempt may take the whole connect timeout, then tries
   * its own: about two seconds, longer than a load balancer's probe waits (Kubernetes' default
   * is one second). Past the bound the database counts as down; the query is left to end.
   */
  private async databaseAnswers(): Promise<boolean> {
    const answered = sql`SELECT 1`.execute(this.database.db).then(
      () => true,
      () => false,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_ANSWER_MS);
    });
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
