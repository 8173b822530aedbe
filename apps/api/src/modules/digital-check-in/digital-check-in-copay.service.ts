import { PAYMENT_MESSAGES, type PayCopayDto, type PaymentView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../infra/http/request-context';
import type { Principal } from '../identity/auth/principal';
import { paymentDecider } from '../payments/domain/payment.decider';
import { paymentStreamId } from '../payments/domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../payments/gateway/payment-gateway';
import { PaymentAuthorizer } from '../payments/payment-authorizer';
import { PaymentsQueries, paymentView } from '../payments/payments.queries';
import { DigitalCheckInService } from './digital-check-in.service';
import { type CheckInCommand, checkInDecider } from './domain/digital-check-in.deciders';

/** The check-in's copay (with the balance and deductible collected), paid through the payment port. */
@Injectable()
export class DigitalCheckInCopayService {
  constructor(
    private readonly checkIns: DigitalCheckInService,
    private readonly pipeline: CommandPipeline,
    private readonly payments: PaymentsQueries,
    private readonly authorizer: PaymentAuthorizer,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The copay through the payment port: authorize, record, capture, then the check-in's event. */
  async payCopay(
    caller: Principal,
    appointmentId: string,
    dto: PayCopayDto,
    context: RequestContext,
  ): Promise<PaymentView> {
    const { details, visit, state } = await this.checkIns.visitToChange(caller, appointmentId);
    const paymentId = entityIdFor(`copay/${caller.userId}/${dto.command_id}`);
    const now = this.clock.now();
    const record: CheckInCommand = {
      type: 'RecordCopay',
      visit,
      payment_id: paymentId,
      amount: dto.amount,
      by: caller.userId,
      now,
    };
    // The rules first (pure): nothing is charged for a copay that is not due, or paid already.
    checkInDecider.decide(record, state);

    let payment = await this.payments.paymentState(paymentId);
    if (!payment.state.intent) {
      const practice = await this.payments.practiceSettings(details.practice_id);
      await this.authorizer.authorize(
        {
          payment_id: paymentId,
          patient_id: details.patient_id,
          paid_by: caller.userId,
          calendar_id: details.calendar_id,
          practice_id: details.practice_id,
          amount: dto.amount,
          gateway: practice.online_payment_gateway ?? 'Stripe',
        },
        dto,
        context,
      );
      payment = await this.payments.paymentState(paymentId);
    }
    if (payment.state.status === 'failed') {
      const view = paymentView(payment.state, payment.position);
      throw new DomainError(
        'payment_declined',
        view.failure_message ?? PAYMENT_MESSAGES.declined,
        view,
      );
    }
    if (payment.state.status === 'authorized') {
      const captured = await this.pipeline.decideOn(paymentStreamId(paymentId), paymentDecider, {
        command: {
          type: 'CapturePayment',
          appointmentId,
          amount: dto.amount,
          by: caller.userId,
          now,
        },
        context,
        commandId: `capture/${paymentId}/${appointmentId}`,
      });
      if (!captured.alreadyAppended && payment.state.gatewayReference) {
        await this.gateway.capture(payment.state.gatewayReference);
      }
    }
    const position = await this.checkIns.decide(visit, record, context, `copay/${paymentId}`);
    const after = await this.payments.paymentState(paymentId);
    return paymentView(after.state, Math.max(position, after.position));
  }
}
