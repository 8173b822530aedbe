import { type CommandAccepted, STATUS_MESSAGES } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { NotFoundError } from '../../../domain/domain-error';
import { notificationsStreamId } from '../domain/notification.events';
import { notificationsDecider } from '../domain/notifications.decider';
import { NotificationsRepository } from '../queries/notifications.repository';
import { MarkNotificationsSeenCommand } from './mark-notifications-seen.command';

@CommandHandler(MarkNotificationsSeenCommand)
export class MarkNotificationsSeenHandler implements ICommandHandler<MarkNotificationsSeenCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly notifications: NotificationsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: MarkNotificationsSeenCommand): Promise<CommandAccepted> {
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
          by: command.by,
          now: this.clock.now(),
        },
        context: command.context,
        commandId: command.commandId,
      },
    );
    return { id: command.practiceId, position: result.position };
  }
}
