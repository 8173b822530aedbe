import type {
  AddVisitReasonDto,
  CommandAccepted,
  RegisterFacilityDto,
  RegisterProviderDto,
  RegisterResourceDto,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { directoryEntryDecider } from '../domain/directory-entry.decider';
import { type DirectoryKind, directoryStreamId } from '../domain/directory-entry.events';

/** What the practice asks to list: the kind, its name, the rest of the form, and the entry's id. */
export interface EntryRequest {
  readonly kind: DirectoryKind;
  readonly name: string;
  readonly details: object;
  readonly commandId: string | null;
  /** A provider may be a user already: the entry then has the user's id. */
  readonly id?: string;
}

export const facilityEntry = ({ command_id, name, ...details }: RegisterFacilityDto) =>
  ({ kind: 'facility', name, details, commandId: command_id ?? null }) satisfies EntryRequest;

export const resourceEntry = ({ command_id, name, ...details }: RegisterResourceDto) =>
  ({ kind: 'resource', name, details, commandId: command_id ?? null }) satisfies EntryRequest;

export const visitReasonEntry = ({ command_id, title, ...details }: AddVisitReasonDto) =>
  ({
    kind: 'visit_reason',
    name: title,
    details,
    commandId: command_id ?? null,
  }) satisfies EntryRequest;

export function providerEntry(dto: RegisterProviderDto): EntryRequest {
  const { command_id, ...details } = dto;
  const name = [dto.first_name, dto.last_name].join(' ');
  return { kind: 'provider', name, details, commandId: command_id ?? null, id: dto.user_id };
}

export class RegisterDirectoryEntryCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly practiceId: string,
    readonly request: EntryRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RegisterDirectoryEntryCommand)
export class RegisterDirectoryEntryHandler implements ICommandHandler<RegisterDirectoryEntryCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: RegisterDirectoryEntryCommand): Promise<CommandAccepted> {
    const { caller, practiceId, request, context } = command;
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const entryId = request.id ?? entityIdFor(request.commandId);
    // Unset optional fields are left out, not stored as nulls.
    const details = JSON.parse(JSON.stringify(request.details)) as Record<string, unknown>;
    const { kind, name } = request;
    const result = await this.pipeline.decideOn(
      directoryStreamId(kind, entryId),
      directoryEntryDecider,
      {
        command: {
          type: 'RegisterDirectoryEntry',
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
