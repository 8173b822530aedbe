import { AUTH_MESSAGES } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../domain/domain-error';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { OneTimeCodesRepository } from '../auth/one-time-codes.repository';
import type { Principal } from '../auth/principal';
import { userDecider } from '../domain/user.decider';
import { userStreamId } from '../domain/user.events';
import { SecurityAudit } from '../security-audit';
import { UserAccounts } from '../user-accounts';

/** The SMS code proves the number: the code's target becomes the verified mobile number. */
export class VerifyMobileNumberCommand extends Command<{ position: number }> {
  constructor(
    readonly caller: Principal,
    readonly code: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(VerifyMobileNumberCommand)
export class VerifyMobileNumberHandler implements ICommandHandler<VerifyMobileNumberCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly codes: OneTimeCodesRepository,
    private readonly accounts: UserAccounts,
    private readonly audit: SecurityAudit,
  ) {}

  async execute({
    caller,
    code,
    context,
  }: VerifyMobileNumberCommand): Promise<{ position: number }> {
    const check = await this.codes.check(caller.userId, 'mobile_verification', code);
    if (check.kind !== 'valid') {
      await this.audit.record('MobileVerificationFailed', { user_id: caller.userId }, context);
      throw new DomainError(
        'invalid',
        check.kind === 'exhausted' ? AUTH_MESSAGES.tooManyCodeAttempts : AUTH_MESSAGES.invalidOtp,
      );
    }
    const { position } = await this.pipeline.decideOn(userStreamId(caller.userId), userDecider, {
      command: { type: 'VerifyMobileNumber', mobileNumber: check.target, now: this.accounts.now() },
      context,
      commandId: null,
    });
    return { position };
  }
}
