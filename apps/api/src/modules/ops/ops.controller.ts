import type { HealthReport, ProjectionStatus } from '@medbook/contracts';
import { Controller, Get, Inject } from '@nestjs/common';
import type { EventStore } from '@medbook/event-store';
import { ApiTags } from '@nestjs/swagger';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../infra/clock';
import { DATABASE, type Database } from '../../infra/database/database';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ProjectionsService } from '../../infra/projections/projections.service';
import { Public } from '../identity/auth/principal';

@ApiTags('ops')
@Controller()
export class OpsController {
  constructor(
    private readonly projections: ProjectionsService,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('health')
  @Public()
  @ResponseMessage('OK')
  async health(): Promise<HealthReport> {
    const checkedAt = this.clock.now().toISOString();
    try {
      await sql`SELECT 1`.execute(this.database.db);
    } catch {
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

  @Get('ops/projections')
  @Public()
  projectionStatuses(): Promise<ProjectionStatus[]> {
    return this.projections.statuses();
  }
}
