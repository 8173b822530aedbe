import { type AppointmentReport, AppointmentReportQuery } from '@medbook/contracts';
import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal } from '../identity/auth/principal';
import { AppointmentReportService } from './appointment-report.service';

/** The appointments report (/practice-admin/reports/analytics) and its CSV file. */
@ApiTags('reports')
@Controller('practices/:practice_id/reports/appointments')
export class AppointmentReportController {
  constructor(private readonly reports: AppointmentReportService) {}

  @Get()
  @ReadsFrom('scheduling', 'users')
  report(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: AppointmentReportQuery,
  ): Promise<AppointmentReport> {
    return this.reports.report(caller, practiceId, query);
  }

  @Get('csv')
  @ReadsFrom('scheduling', 'users')
  async csv(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: AppointmentReportQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { body, filename } = await this.reports.csv(caller, practiceId, query);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(body);
  }
}
