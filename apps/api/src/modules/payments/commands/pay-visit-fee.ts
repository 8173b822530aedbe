import {
  MINIMUM_VISIT_FEE,
  PAYMENT_MESSAGES,
  type PaymentView,
  type PayVisitFeeDto,
  visitFeeAmount,
  visitFeeApplies,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { paymentDecider } from '../domain/payment.decider';
import { paymentStreamId } from '../domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway';
import { chosenCard } from '../chosen-card';
import { CALENDAR_NOT_FOUND, PaymentsQueries, paymentView } from '../payments.queries';
import { PaymentsRepository } from '../payments.repository';

/** Authorizes the visit fee before booking; a declined card answers 402 with the gateway's words. */
export class PayVisitFeeCommand extends Command<PaymentView> {
  constructor(
    readonly caller: Principal,
    readonly dto: PayVisitFeeDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(PayVisitFeeCommand)
export class PayVisitFeeHandler implements ICommandHandler<PayVisitFeeCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly payments: PaymentsQueries,
    private readonly repository: PaymentsRepository,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: PayVisitFeeCommand): Promise<PaymentView> {
    const payment = await this.authorize(command);
    if (payment.status === 'failed') {
      throw new DomainError(
        'payment_declined',
        payment.failure_message ?? PAYMENT_MESSAGES.declined,
        payment,
      );
    }
    return payment;
  }

  private async authorize({ caller, dto, context }: PayVisitFeeCommand): Promise<PaymentView> {
    // The key is the caller's own: two patients can never collide on one payment.
    const paymentId = entityIdFor(`payment/${caller.userId}/${dto.command_id}`);
    // A retried request must not ask the gateway again: the payment it recorded is the answer.
    const earlier = await this.payments.paymentState(paymentId);
    if (earlier.state.intent) return paymentView(earlier.state, earlier.position);

    const calendar = await this.repository.calendar(dto.calendar_id);
    if (!calendar) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const settings = await this.payments.bookingSettings(dto.calendar_id);
    const amount = visitFeeAmount(settings, dto.insured);
    if (amount < MINIMUM_VISIT_FEE || dto.amount < MINIMUM_VISIT_FEE) {
      throw new DomainError('invalid', PAYMENT_MESSAGES.belowMinimum, { amount: 'Invalid' });
    }
    if (!visitFeeApplies(settings, dto.insured) || !settings.online_payment_gateway) {
      throw new DomainError('invalid', PAYMENT_MESSAGES.noVisitFee);
    }
    if (Math.round(dto.amount * 100) !== Math.round(amount * 100)) {
      throw new DomainError('invalid', PAYMENT_MESSAGES.amountMismatch, { amount: 'Invalid' });
    }
    const { source, brand, last6 } = await chosenCard(this.payments, caller.userId, dto);
    const now = this.clock.now();
    const outcome = await this.gateway.authorize({
      gateway: settings.online_payment_gateway,
      amount,
      source,
      idempotencyKey: paymentId,
      now,
    });
    // The same key sent twice at once: the pipeline finds the other request's events (the
    // same ids) and answers from them.
    await this.pipeline.decideOn(paymentStreamId(paymentId), paymentDecider, {
      command: {
        type: 'RecordAuthorization',
        intent: {
          payment_id: paymentId,
          patient_id: caller.userId,
          paid_by: caller.userId,
          calendar_id: calendar.calendar_id,
          practice_id: calendar.practice_id,
          amount,
          gateway: settings.online_payment_gateway,
          card_brand: brand,
          card_last6: last6,
        },
        outcome,
        now,
      },
      context,
      commandId: paymentId,
    });
    const { state, position } = await this.payments.paymentState(paymentId);
    return paymentView(state, position);
  }
}
