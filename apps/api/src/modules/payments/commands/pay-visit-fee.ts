import {
  MINIMUM_VISIT_FEE,
  PAYMENT_MESSAGES,
  type PaymentView,
  type PayVisitFeeDto,
  visitFeeAmount,
  visitFeeApplies,
} from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { PaymentAuthorizer } from '../payment-authorizer';
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
    private readonly payments: PaymentsQueries,
    private readonly repository: PaymentsRepository,
    private readonly authorizer: PaymentAuthorizer,
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
    await this.authorizer.authorize(
      {
        payment_id: paymentId,
        patient_id: caller.userId,
        paid_by: caller.userId,
        calendar_id: calendar.calendar_id,
        practice_id: calendar.practice_id,
        amount,
        gateway: settings.online_payment_gateway,
      },
      dto,
      context,
    );
    const { state, position } = await this.payments.paymentState(paymentId);
    return paymentView(state, position);
  }
}
