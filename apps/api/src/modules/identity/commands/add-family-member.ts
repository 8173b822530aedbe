import type { AddFamilyMemberDto, CommandAccepted } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../auth/access-policy';
import type { Principal } from '../auth/principal';
import { userDecider } from '../domain/user.decider';
import { userStreamId } from '../domain/user.events';
import { UserAccounts } from '../user-accounts';

export class AddFamilyMemberCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly patientId: string,
    readonly dto: AddFamilyMemberDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(AddFamilyMemberCommand)
export class AddFamilyMemberHandler implements ICommandHandler<AddFamilyMemberCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
  ) {}

  async execute({
    caller,
    patientId,
    dto,
    context,
  }: AddFamilyMemberCommand): Promise<CommandAccepted> {
    this.policy.assertIsPatient(caller, patientId);
    const commandId = dto.command_id ?? null;
    const memberId = entityIdFor(commandId);
    const { position } = await this.pipeline.decideOn(userStreamId(patientId), userDecider, {
      command: {
        type: 'AddFamilyMember',
        member: {
          member_id: memberId,
          relationship: dto.relationship,
          first_name: dto.first_name.trim(),
          last_name: dto.last_name.trim(),
          middle_name: dto.middle_name?.trim() || null,
          birth_date: dto.birth_date ?? null,
          gender: dto.gender ?? null,
        },
        now: this.accounts.now(),
      },
      context,
      commandId,
    });
    return { id: memberId, position };
  }
}
