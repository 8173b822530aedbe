import type { CommandAccepted, RegisterPracticeDto } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { practiceDecider } from '../domain/practice.decider';
import { practiceStreamId } from '../domain/practice.events';

export class RegisterPracticeCommand extends Command<CommandAccepted> {
  constructor(
    readonly dto: RegisterPracticeDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RegisterPracticeCommand)
export class RegisterPracticeHandler implements ICommandHandler<RegisterPracticeCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ dto, context }: RegisterPracticeCommand): Promise<CommandAccepted> {
    const commandId = dto.command_id ?? null;
    // A retried command must address the same practice: its id derives from the command id.
    const practiceId = entityIdFor(commandId);
    const result = await this.pipeline.decideOn(practiceStreamId(practiceId), practiceDecider, {
      command: {
        type: 'RegisterPractice',
        practiceId,
        name: dto.name,
        timeZone: dto.time_zone,
        now: this.clock.now(),
      },
      context,
      commandId,
    });
    return { id: practiceId, position: result.position };
  }
}
