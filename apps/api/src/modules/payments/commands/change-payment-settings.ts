import type { PracticePaymentSettingsView, UpdatePaymentSettingsDto } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import {
  paymentSettingsDecider,
  paymentSettingsStreamId,
} from '../domain/payment-settings.decider';
import { PaymentsQueries } from '../payments.queries';

type Changed = PracticePaymentSettingsView & { position: number };

export class ChangePaymentSettingsCommand extends Command<Changed> {
  constructor(
    readonly caller: Principal,
    readonly practiceId: string,
    readonly dto: UpdatePaymentSettingsDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangePaymentSettingsCommand)
export class ChangePaymentSettingsHandler implements ICommandHandler<ChangePaymentSettingsCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly payments: PaymentsQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    practiceId,
    dto,
    context,
  }: ChangePaymentSettingsCommand): Promise<Changed> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const result = await this.pipeline.decideOn(
      paymentSettingsStreamId(practiceId),
      paymentSettingsDecider,
      {
        command: {
          type: 'ChangePaymentSettings',
          practiceId,
          settings: {
            online_payment_enabled: dto.online_payment_enabled,
            online_payment_gateway: dto.online_payment_gateway ?? null,
            enable_card_on_file: dto.enable_card_on_file,
            has_paypal_account: dto.has_paypal_account,
          },
          by: caller.userId,
          now: this.clock.now(),
        },
        context,
        commandId: dto.command_id ?? null,
      },
    );
    return { ...(await this.payments.practiceSettings(practiceId)), position: result.position };
  }
}
