import type { PaymentMethodView, SavePaymentMethodDto } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { paymentMethodsDecider, paymentMethodsStreamId } from '../domain/payment-methods.decider';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway';

/** A card on file: the gateway tokenizes it, only the token and what the patient sees are kept. */
export class SavePaymentMethodCommand extends Command<PaymentMethodView> {
  constructor(
    readonly caller: Principal,
    readonly patientId: string,
    readonly dto: SavePaymentMethodDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SavePaymentMethodCommand)
export class SavePaymentMethodHandler implements ICommandHandler<SavePaymentMethodCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    patientId,
    dto,
    context,
  }: SavePaymentMethodCommand): Promise<PaymentMethodView> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const now = this.clock.now();
    const token = await this.gateway.tokenize(dto.card, now);
    if (!token.approved)
      throw new DomainError('payment_declined', token.message, { code: token.code });
    const card = {
      payment_method_id: entityIdFor(token.token),
      gateway_token: token.token,
      brand: token.brand,
      last6: token.last6,
      exp_month: dto.card.exp_month,
      exp_year: dto.card.exp_year,
    };
    await this.pipeline.decideOn(paymentMethodsStreamId(patientId), paymentMethodsDecider, {
      command: { type: 'SavePaymentMethod', patientId, card, by: caller.userId, now },
      context,
      commandId: dto.command_id ?? null,
    });
    const { gateway_token: _token, ...view } = card;
    return view;
  }
}
