import { type CommandAccepted, STATUS_MESSAGES } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { NotFoundError } from '../../../domain/domain-error';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { notificationsStreamId } from '../domain/notification.events';
import { notificationsDecider } from '../domain/notifications.decider';
import { NotificationsRepository } from '../queries/notifications.repository';

export class MarkNotificationsSeenCommand extends Command<CommandAccepted> {
  constructor(
    readonly practiceId: string,
    readonly notificationIds: readonly string[],
    readonly caller: Principal,
    readonly commandId: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(MarkNotificationsSeenCommand)
export class MarkNotificationsSeenHandler implements ICommandHandler<MarkNotificationsSeenCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly notifications: NotificationsRepository,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: MarkNotificationsSeenCommand): Promise<CommandAccepted> {
    this.policy.assertMayWorkForPractice(command.caller, command.practiceId);
    // Clients only know ids from the list, so an id the practice does not have is a wrong one.
    const unknown = await this.notifications.unknownIds(
      command.practiceId,
      command.notificationIds,
    );
    if (unknown.length > 0) throw new NotFoundError(STATUS_MESSAGES[404], { unknown_ids: unknown });
    const result = await this.pipeline.decideOn(
      notificationsStreamId(command.practiceId),
      notificationsDecider,
      {
        command: {
          type: 'MarkNotificationsSeen',
          practiceId: command.practiceId,
          notificationIds: command.notificationIds,
          by: command.caller.userId,
          now: this.clock.now(),
        },
        context: command.context,
        commandId: command.commandId,
      },
    );
    return { id: command.practiceId, position: result.position };
  }
}
