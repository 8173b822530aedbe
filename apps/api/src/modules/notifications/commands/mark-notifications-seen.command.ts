import type { CommandAccepted } from '@medbook/contracts';
import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';

export class MarkNotificationsSeenCommand extends Command<CommandAccepted> {
  constructor(
    readonly practiceId: string,
    readonly notificationIds: readonly string[],
    readonly by: string,
    readonly commandId: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}
