import type { HealthReport, ProjectionStatus } from '@medbook/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ProjectionsService } from '../../infra/projections/projections.service';
import { Public } from '../identity/auth/principal';
import { HealthService } from './health.service';

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
  health(): Promise<HealthReport> {
    return this.healthCheck.report();
  }

  @Get('ops/projections')
  @Public()
  projectionStatuses(): Promise<ProjectionStatus[]> {
    return this.projections.statuses();
  }
}
