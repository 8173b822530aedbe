import {
  type CommandAccepted,
  ConsistentReadQuery,
  type NotificationCountsMessage,
  NotificationStatusQuery,
  type NotificationView,
  type PracticeNotifications,
  PracticeNotificationsQuery,
  UpdateNotificationsStatusDto,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { MarkNotificationsSeenCommand } from './commands/mark-notifications-seen';
import { PracticeNotificationsQueries } from './queries/practice-notifications';

const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent'] as const;

/** The practice's notifications (section 7 of the second document, "Notifications"). */
@ApiTags('notifications')
@Controller('practices/:practice_id/notifications')
export class NotificationsController {
  constructor(
    private readonly queries: PracticeNotificationsQueries,
    private readonly commands: CommandBus,
  ) {}

  /** By default the last 7 days up to the start of tomorrow, in the practice's zone. */
  @Get()
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('notifications')
  list(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: PracticeNotificationsQuery,
  ): Promise<PracticeNotifications> {
    return this.queries.list(caller, practiceId, query);
  }

  /** New becomes Seen: when the bell panel is viewed, or pending requests on the requests page. */
  @Put('status')
  @Roles(...PRACTICE_USERS)
  @HttpCode(200)
  @ResponseMessage('Notifications updated.')
  status(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _status: NotificationStatusQuery,
    @Body() dto: UpdateNotificationsStatusDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(
      new MarkNotificationsSeenCommand(
        practiceId,
        dto.notification_ids,
        caller,
        dto.command_id ?? null,
        context,
      ),
    );
  }

  /** The bell and requests counts, for a client that (re)connects before the next push. */
  @Get('counts')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('notifications')
  counts(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<NotificationCountsMessage> {
    return this.queries.counts(caller, practiceId);
  }

  @Get(':notification_id')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('notifications')
  one(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('notification_id', new ParseUUIDPipe()) notificationId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<NotificationView> {
    return this.queries.one(caller, practiceId, notificationId);
  }
}
