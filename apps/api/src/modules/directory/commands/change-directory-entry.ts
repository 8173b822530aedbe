import type { CommandAccepted } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { directoryEntryDecider } from '../domain/directory-entry.decider';
import { directoryStreamId } from '../domain/directory-entry.events';
import type { EntryRequest } from './register-directory-entry';

/** A facility, provider or resource edited by its practice: the whole form, as when registered. */
export class ChangeDirectoryEntryCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly practiceId: string,
    readonly entryId: string,
    readonly request: EntryRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeDirectoryEntryCommand)
export class ChangeDirectoryEntryHandler implements ICommandHandler<ChangeDirectoryEntryCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: ChangeDirectoryEntryCommand): Promise<CommandAccepted> {
    const { caller, practiceId, entryId, request, context } = command;
    this.policy.assertMayWorkForPractice(caller, practiceId);
    // Unset optional fields are left out, not stored as nulls (as when registered).
    const details = JSON.parse(JSON.stringify(request.details)) as Record<string, unknown>;
    const { kind, name } = request;
    const result = await this.pipeline.decideOn(
      directoryStreamId(kind, entryId),
      directoryEntryDecider,
      {
        command: {
          type: 'ChangeDirectoryEntry',
          entry: { id: entryId, practice_id: practiceId, kind, name, details },
          now: this.clock.now(),
        },
        context,
        commandId: request.commandId,
      },
    );
    return { id: entryId, position: result.position };
  }
}
