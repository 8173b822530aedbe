import {
  type AnalyticsPracticeView,
  AnalyticsQuery,
  type AnalyticsReport,
  ConsistentReadQuery,
} from '@medbook/contracts';
import { Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal } from '../identity/auth/principal';
import { AnalyticsService } from './analytics.service';

/** Scheduling analytics by week, built by replaying the whole log (issue 16, part 5). */
@ApiTags('analytics')
@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('practices/:practice_id/analytics')
  @ReadsFrom('analytics')
  report(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: AnalyticsQuery,
  ): Promise<AnalyticsReport> {
    return this.analytics.report(caller, practiceId, query);
  }

  /** The same weeks and totals as a CSV file. */
  @Get('practices/:practice_id/analytics/export')
  @ReadsFrom('analytics')
  async export(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: AnalyticsQuery,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const csv = await this.analytics.export(caller, practiceId, query);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="analytics-${practiceId}.csv"`)
      .send(csv);
  }

  /** The practices the caller may see analytics of (operators pick one). */
  @Get('analytics/practices')
  @ReadsFrom('analytics')
  practices(
    @Caller() caller: Principal,
    @Query() _query: ConsistentReadQuery,
  ): Promise<AnalyticsPracticeView[]> {
    return this.analytics.practices(caller);
  }
}
