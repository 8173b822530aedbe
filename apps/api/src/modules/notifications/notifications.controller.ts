import {
  type CommandAccepted,
  ConsistentReadQuery,
  NOTIFICATION_WINDOW_DAYS,
  type NotificationCountsMessage,
  NotificationStatusQuery,
  type NotificationView,
  type PracticeNotifications,
  PracticeNotificationsQuery,
  STATUS_MESSAGES,
  UpdateNotificationsStatusDto,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Put,
  Query,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { DateTime } from 'luxon';
import { CLOCK, type Clock } from '../../infra/clock';
import { DomainError, NotFoundError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccessPolicy } from '../identity/auth/access-policy';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { MarkNotificationsSeenCommand } from './commands/mark-notifications-seen';
import { NotificationsRepository } from './queries/notifications.repository';

const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent'] as const;

/** The practice's notifications (section 7 of the second document, "Notifications"). */
@ApiTags('notifications')
@Controller('practices/:practice_id/notifications')
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly commands: CommandBus,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** By default the last 7 days up to the start of tomorrow, in the practice's zone. */
  @Get()
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('notifications')
  async list(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: PracticeNotificationsQuery,
  ): Promise<PracticeNotifications> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const zone = await this.notifications.practiceZone(practiceId);
    const end = query.end
      ? DateTime.fromISO(query.end, { zone })
      : DateTime.fromJSDate(this.clock.now(), { zone }).plus({ days: 1 }).startOf('day');
    const start = query.start
      ? DateTime.fromISO(query.start, { zone })
      : end.minus({ days: NOTIFICATION_WINDOW_DAYS });
    if (start >= end) throw new DomainError('invalid', STATUS_MESSAGES[400], { start: 'Invalid' });
    const all = await this.notifications.list(practiceId, start.toJSDate(), end.toJSDate());
    const of = (status: string, requests: boolean) =>
      all.filter(
        (n) =>
          n.notification_status === status && (n.appointment_status === 'Pending') === requests,
      );
    return {
      new_notifications: of('New', false),
      seen_notifications: of('Seen', false),
      new_requests_notifications: of('New', true),
      seen_requests_notifications: of('Seen', true),
    };
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
  async counts(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<NotificationCountsMessage> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.notifications.counts(practiceId, this.clock.now());
  }

  @Get(':notification_id')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('notifications')
  async one(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('notification_id', new ParseUUIDPipe()) notificationId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<NotificationView> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const notification = await this.notifications.one(practiceId, notificationId);
    if (!notification) throw new NotFoundError(STATUS_MESSAGES[404]);
    return notification;
  }
}
