import {
  CalendarLookupQuery,
  CalendarPreviewDto,
  type CalendarPreviewView,
  CalendarReasonDto,
  type CommandAccepted,
  ConsistentReadQuery,
  CreateCalendarDto,
  MarkedTimeSpanDto,
  NewCalendarPreviewDto,
  RemoveCalendarReasonDto,
  UpdateCalendarDto,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { PublishedUnder } from '../../infra/http/openapi';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { AddCalendarReasonCommand } from './commands/add-calendar-reason';
import { BlockTimeSpanCommand } from './commands/block-time-span';
import { ChangeCalendarReasonCommand } from './commands/change-calendar-reason';
import { ChangeCalendarSettingsCommand } from './commands/change-calendar-settings';
import { CreateCalendarCommand } from './commands/create-calendar';
import { RemoveCalendarReasonCommand } from './commands/remove-calendar-reason';
import { UnblockTimeSpanCommand } from './commands/unblock-time-span';
import type { CompleteCalendarSettings } from './domain/calendar.events';
import { CalendarPreviewQuery } from './queries/calendar-preview.query';
import { CalendarViewsQuery } from './queries/calendar-views.query';

const PRACTICE_STAFF = ['Provider', 'PracticeAdmin', 'Staff'] as const;

/** The practices' calendars: their settings, blocked time and visit reasons. */
@ApiTags('scheduling')
@PublishedUnder('SchedulingController')
@Controller()
export class CalendarsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly calendars: CalendarViewsQuery,
    private readonly previews: CalendarPreviewQuery,
  ) {}

  @Post('practices/:practice_id/calendars')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('Calendar created.')
  createCalendar(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: CreateCalendarDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new CreateCalendarCommand(caller, practiceId, dto, context));
  }

  /** Changes hours, steps, days, blocks and the booking rules; open week views refetch live. */
  @Put('calendars/:calendar_id')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Calendar updated.')
  updateCalendar(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: UpdateCalendarDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(
      new ChangeCalendarSettingsCommand(caller, calendarId, dto, context),
    );
  }

  /**
   * The week a change of settings would offer (the calendar editor's preview before saving):
   * checked like PUT calendars/{id}, answered 400 the same way; nothing is recorded.
   */
  @Post('calendars/:calendar_id/preview')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  preview(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: CalendarPreviewDto,
  ): Promise<CalendarPreviewView> {
    return this.previews.preview(caller, calendarId, dto);
  }

  /** The week a new calendar would offer (the New calendar dialog's preview); nothing is recorded. */
  @Post('practices/:practice_id/calendars/preview')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  previewNew(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: NewCalendarPreviewDto,
  ): CalendarPreviewView {
    return this.previews.previewNew(caller, practiceId, dto);
  }

  /** Blocks a span of time: no slot overlapping it is offered; booked visits in it are flagged. */
  @Post('calendars/:calendar_id/blocks')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('Time blocked.')
  block(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: MarkedTimeSpanDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new BlockTimeSpanCommand(caller, calendarId, dto, context));
  }

  /** Opens a blocked span again (the same start and end as blocked): its slots are offered again. */
  @Delete('calendars/:calendar_id/blocks')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Time unblocked.')
  unblock(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: MarkedTimeSpanDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new UnblockTimeSpanCommand(caller, calendarId, dto, context));
  }

  /** Offers a visit reason on the calendar, with its week_time_frame and immediate check-in. */
  @Post('calendars/:calendar_id/reasons')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('Reason added.')
  addReason(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: CalendarReasonDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new AddCalendarReasonCommand(caller, calendarId, dto, context));
  }

  /** New rules for a reason the calendar offers, named by its title. */
  @Put('calendars/:calendar_id/reasons')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Reason updated.')
  changeReason(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: CalendarReasonDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new ChangeCalendarReasonCommand(caller, calendarId, dto, context));
  }

  @Delete('calendars/:calendar_id/reasons')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Reason removed.')
  removeReason(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: RemoveCalendarReasonDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new RemoveCalendarReasonCommand(caller, calendarId, dto, context));
  }

  /** A practice's calendars with their settings, for its staff (the calendar editor). */
  @Get('practices/:practice_id/calendars')
  @Roles(...PRACTICE_STAFF, 'SuperUser')
  @ReadsFrom('scheduling')
  practiceCalendars(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<CompleteCalendarSettings[]> {
    return this.calendars.practiceCalendars(caller, practiceId);
  }

  /** Calendars by provider or resource and facility (public: the booking flow finds them). */
  @Get('calendars')
  @Public()
  @ReadsFrom('scheduling')
  findCalendars(@Query() query: CalendarLookupQuery): Promise<CompleteCalendarSettings[]> {
    return this.calendars.find(query);
  }

  /** The calendar's settings (public: the booking flow reads them). */
  @Get('calendars/:calendar_id')
  @Public()
  @ReadsFrom('scheduling')
  settings(
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<CompleteCalendarSettings> {
    return this.calendars.settings(calendarId);
  }
}
