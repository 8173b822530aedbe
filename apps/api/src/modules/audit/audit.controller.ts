import { type AuditEntryView, type AuditPage, AuditQuery } from '@medbook/contracts';
import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { Caller, type Principal } from '../identity/auth/principal';
import { PracticeAuditService } from './practice-audit.service';

/** The practice's audit trail and an appointment's timeline (issue 16, part 2). */
@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly audit: PracticeAuditService) {}

  @Get('practices/:practice_id/audit')
  @ReadsFrom('practice-audit')
  trail(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: AuditQuery,
    @Context() context: RequestContext,
  ): Promise<AuditPage> {
    return this.audit.trail(caller, practiceId, query, context);
  }

  /** The filtered trail as a CSV file, streamed. */
  @Get('practices/:practice_id/audit/export')
  async export(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: AuditQuery,
    @Context() context: RequestContext,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const csv = await this.audit.export(caller, practiceId, query, context);
    const day = new Date().toISOString().slice(0, 10);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-trail-${day}.csv"`)
      .send(csv);
  }

  @Get('appointments/:appointment_id/history')
  @ReadsFrom('practice-audit')
  history(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Query() _query: AuditQuery,
    @Context() context: RequestContext,
  ): Promise<AuditEntryView[]> {
    return this.audit.history(caller, appointmentId, context);
  }
}
