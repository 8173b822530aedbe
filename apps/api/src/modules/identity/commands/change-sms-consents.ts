import type { SmsConsentsDto } from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../auth/principal';
import { userDecider } from '../domain/user.decider';
import { userStreamId } from '../domain/user.events';
import { UserAccounts } from '../user-accounts';

export class ChangeSmsConsentsCommand extends Command<{ position: number }> {
  constructor(
    readonly caller: Principal,
    readonly dto: SmsConsentsDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangeSmsConsentsCommand)
export class ChangeSmsConsentsHandler implements ICommandHandler<ChangeSmsConsentsCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly accounts: UserAccounts,
  ) {}

  async execute({ caller, dto, context }: ChangeSmsConsentsCommand): Promise<{ position: number }> {
    const { position } = await this.pipeline.decideOn(userStreamId(caller.userId), userDecider, {
      command: {
        type: 'ChangeSmsConsents',
        smsAlertsConsent: dto.sms_alerts_consent,
        otpConsent: dto.otp_consent,
        now: this.accounts.now(),
      },
      context,
      commandId: null,
    });
    return { position };
  }
}
