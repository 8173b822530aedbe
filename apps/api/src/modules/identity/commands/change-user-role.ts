import type { ChangeRoleDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccountService } from '../account.service';
import { userDecider } from '../domain/user.decider';
import { userStreamId } from '../domain/user.events';
import { SecurityAudit } from '../security-audit';
import { UserAccounts } from '../user-accounts';

export class ChangeUserRoleCommand extends Command<{ position: number }> {
  constructor(
    readonly userId: string,
    readonly dto: ChangeRoleDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeUserRoleCommand)
export class ChangeUserRoleHandler implements ICommandHandler<ChangeUserRoleCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly accounts: UserAccounts,
    private readonly account: AccountService,
    private readonly audit: SecurityAudit,
  ) {}

  async execute({ userId, dto, context }: ChangeUserRoleCommand): Promise<{ position: number }> {
    const { position } = await this.pipeline.decideOn(userStreamId(userId), userDecider, {
      command: {
        type: 'ChangeUserRole',
        userType: dto.type,
        practiceId: dto.practice_id ?? null,
        now: this.accounts.now(),
      },
      context,
      commandId: null,
    });
    // Tokens carry the type: the user signs in again under the new role.
    await this.account.endAllSessions(userId, 'role changed');
    await this.audit.record(
      'UserRoleChanged',
      { user_id: userId, type: dto.type, practice_id: dto.practice_id ?? null },
      context,
    );
    return { position };
  }
}
