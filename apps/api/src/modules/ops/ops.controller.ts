import {
  type AuditVerificationReport,
  type CommandAccepted,
  type HealthReport,
  OPS_MESSAGES,
  ParkEventDto,
  type ProjectionStatus,
  type PublicHealth,
} from '@medbook/contracts';
import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ProjectionsService } from '../../infra/projections/projections.service';
import { Public, Roles } from '../identity/auth/principal';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { AuditLogService } from './audit-log/audit-log.service';
import { ParkProjectionEventCommand } from './commands/park-projection-event';
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
    private readonly commands: CommandBus,
    private readonly auditLog: AuditLogService,
  ) {}

  @Get('health')
  @Public()
  @ResponseMessage('OK')
  health(): Promise<PublicHealth> {
    return this.healthCheck.publicStatus();
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

  /** The last `npm run audit:verify` (tamper evidence) and the log's last seal. */
  @Get('ops/audit-verification')
  @Roles('SuperUser', 'SupportAgent')
  @ResponseMessage('OK')
  auditVerification(): Promise<AuditVerificationReport> {
    return this.auditLog.report();
  }

  /** Skip one event for one projection (it stays in the log; the park is an event too). */
  @Post('ops/projections/:name/parked-events')
  @Roles('SuperUser', 'SupportAgent')
  @ResponseMessage(OPS_MESSAGES.parked)
  parkEvent(
    @Param('name') name: string,
    @Body() dto: ParkEventDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new ParkProjectionEventCommand(name, dto, context));
  }
}
