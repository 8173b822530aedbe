import type { PaymentView } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { paymentDecider } from '../domain/payment.decider';
import { paymentStreamId } from '../domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway';
import { PaymentsQueries, paymentView } from '../payments.queries';

/** Spec: declining a new slot "releases any visit fee ('Payment not proccessed')". */
export class CancelVisitFeeCommand extends Command<PaymentView> {
  constructor(
    readonly caller: Principal,
    readonly paymentId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CancelVisitFeeCommand)
export class CancelVisitFeeHandler implements ICommandHandler<CancelVisitFeeCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly payments: PaymentsQueries,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, paymentId, context }: CancelVisitFeeCommand): Promise<PaymentView> {
    const { state } = await this.payments.paymentState(paymentId);
    this.payments.assertMayHandle(caller, state);
    const result = await this.pipeline.decideOn(paymentStreamId(paymentId), paymentDecider, {
      command: { type: 'RefundPayment', by: caller.userId, now: this.clock.now() },
      context,
      commandId: `refund/${paymentId}`,
    });
    // Only the request that recorded the refund asks the gateway for it.
    if (!result.alreadyAppended && state.gatewayReference) {
      await this.gateway.refund(state.gatewayReference);
    }
    const after = await this.payments.paymentState(paymentId);
    return paymentView(after.state, result.position);
  }
}
