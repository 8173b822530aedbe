import type { HealthReport, ProjectionStatus, PublicHealth } from '@medbook/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ProjectionsService } from '../../infra/projections/projections.service';
import { Public, Roles } from '../identity/auth/principal';
import { HealthService } from './health.service';

/**
 * Health for anyone (up or degraded, nothing more), and the details (database, log head, each
 * projection with its position and last error) for operators: super users and support agents.
 */
@ApiTags('ops')
@Controller()
export class OpsController {
  constructor(
    private readonly healthCheck: HealthService,
    private readonly projections: ProjectionsService,
  ) {}

  @Get('health')
  @Public()
  @ResponseMessage('OK')
  async health(): Promise<PublicHealth> {
    const report = await this.healthCheck.report();
    return { status: report.status === 'ok' ? 'up' : 'degraded', checked_at: report.checked_at };
  }

  @Get('ops/health')
  @Roles('SuperUser', 'SupportAgent')
  @ResponseMessage('OK')
  details(): Promise<HealthReport> {
    return this.healthCheck.report();
  }

  @Get('ops/projections')
  @Roles('SuperUser', 'SupportAgent')
  projectionStatuses(): Promise<ProjectionStatus[]> {
    return this.projections.statuses();
  }
}
