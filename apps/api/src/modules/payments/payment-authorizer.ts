import type { CardDto } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../infra/http/request-context';
import { chosenCard } from './chosen-card';
import { paymentDecider } from './domain/payment.decider';
import { type PaymentIntent, paymentStreamId } from './domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway';
import { PaymentsQueries } from './payments.queries';

/**
 * Asks the gateway to authorize a payment with the payer's chosen card, then records the answer
 * (authorized or failed) in the payment's stream. The payment id is the gateway's idempotency key
 * and the command id: the same payment sent twice at once is asked for once and recorded once
 * (the pipeline finds the other request's events, with the same ids, and answers from them).
 * Used by the visit fee and the check-in's copay.
 */
@Injectable()
export class PaymentAuthorizer {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly payments: PaymentsQueries,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async authorize(
    intent: Omit<PaymentIntent, 'card_brand' | 'card_last6'>,
    chosen: { readonly payment_method_id?: string; readonly card?: CardDto },
    context: RequestContext,
  ): Promise<void> {
    const card = await chosenCard(this.payments, intent.paid_by, chosen);
    const now = this.clock.now();
    const outcome = await this.gateway.authorize({
      gateway: intent.gateway,
      amount: intent.amount,
      source: card.source,
      idempotencyKey: intent.payment_id,
      now,
    });
    await this.pipeline.decideOn(paymentStreamId(intent.payment_id), paymentDecider, {
      command: {
        type: 'RecordAuthorization',
        intent: { ...intent, card_brand: card.brand, card_last6: card.last6 },
        outcome,
        now,
      },
      context,
      commandId: intent.payment_id,
    });
  }
}
