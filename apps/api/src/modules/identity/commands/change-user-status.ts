import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccountService } from '../account.service';
import { AccessPolicy } from '../auth/access-policy';
import type { Principal } from '../auth/principal';
import { userDecider } from '../domain/user.decider';
import { userStreamId } from '../domain/user.events';
import { SecurityAudit } from '../security-audit';
import { UserAccounts } from '../user-accounts';

/** Disables a user (ending their sessions) or enables them again. */
export class ChangeUserStatusCommand extends Command<{ position: number }> {
  constructor(
    readonly caller: Principal,
    readonly userId: string,
    readonly disabled: boolean,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeUserStatusCommand)
export class ChangeUserStatusHandler implements ICommandHandler<ChangeUserStatusCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
    private readonly account: AccountService,
    private readonly audit: SecurityAudit,
  ) {}

  async execute({
    caller,
    userId,
    disabled,
    context,
  }: ChangeUserStatusCommand): Promise<{ position: number }> {
    await this.policy.assertMayManageUser(caller, userId, true);
    const now = this.accounts.now();
    const { position } = await this.pipeline.decideOn(userStreamId(userId), userDecider, {
      command: disabled ? { type: 'DisableUser', now } : { type: 'EnableUser', now },
      context,
      commandId: null,
    });
    if (disabled) await this.account.endAllSessions(userId, 'user disabled');
    await this.audit.record(
      disabled ? 'UserDisabled' : 'UserEnabled',
      { user_id: userId },
      context,
    );
    return { position };
  }
}
