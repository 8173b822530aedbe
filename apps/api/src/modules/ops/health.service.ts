import type { HealthReport } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../infra/clock';
import { DATABASE, type Database } from '../../infra/database/database';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { ProjectionsService } from '../../infra/projections/projections.service';

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
        event_store: { head_position: 0 },
        projections: [],
        checked_at: checkedAt,
      };
    }
    const [head, projections] = await Promise.all([this.store.head(), this.projections.statuses()]);
    return {
      status: projections.every((p) => p.state === 'running') ? 'ok' : 'degraded',
      database: 'up',
      event_store: { head_position: head?.position ?? 0 },
      projections,
      checked_at: checkedAt,
    };
  }

  private async databaseAnswers(): Promise<boolean> {
    try {
      await sql`SELECT 1`.execute(this.database.db);
      return true;
    } catch {
      return false;
    }
  }
}
