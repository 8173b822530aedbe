import {
  ConsistentReadQuery,
  NextAvailabilityQuery,
  ReasonWeekDto,
  WeekAsOfQuery,
  type WeekView,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { PublishedUnder } from '../../infra/http/openapi';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Public } from '../identity/auth/principal';
import { AvailabilityQuery } from './queries/availability.query';
import { PastStates } from './queries/past-states';

/** Free slots, as visitors browse them (public). */
@ApiTags('scheduling')
@PublishedUnder('SchedulingController')
@Controller()
export class AvailabilityController {
  constructor(
    private readonly availability: AvailabilityQuery,
    private readonly pastWeeks: PastStates,
  ) {}

  /**
   * The first free slot on or after a day, within 24 months; null when there is none. With
   * selectedReasonTitle (reason-based), only within that visit reason's week_time_frame.
   */
  @Get('calendars/:calendar_id/next-availability')
  @Public()
  @ReadsFrom('scheduling', 'directory')
  nextAvailability(
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() query: NextAvailabilityQuery,
  ): Promise<{ next_available_date: string | null; start_date: string | null }> {
    return this.availability.nextAvailability(calendarId, query);
  }

  /** Five days of free slots (public: visitors browse availability). */
  @Get('calendars/:calendar_id/week')
  @Public()
  @ReadsFrom('scheduling')
  week(
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() query: WeekAsOfQuery,
  ): Promise<WeekView> {
    return query.as_of
      ? this.pastWeeks.weekAsOf(calendarId, query, new Date(query.as_of))
      : this.availability.week(calendarId, query);
  }

  /**
   * The spec's reason-based week: the provider's (or resource's) calendar at the facility that
   * offers the selected visit reason, its five days narrowed to the reason's week_time_frame.
   */
  @Post('calendars/reason-based/week')
  @Public()
  @HttpCode(200)
  @ReadsFrom('scheduling', 'directory')
  reasonWeek(
    @Body() dto: ReasonWeekDto,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<WeekView> {
    return this.availability.reasonWeek(dto);
  }
}
