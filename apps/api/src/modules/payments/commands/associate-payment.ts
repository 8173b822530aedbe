import { type AssociatePaymentDto, PAYMENT_MESSAGES, type PaymentView } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { forbidden } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { paymentDecider } from '../domain/payment.decider';
import { paymentStreamId } from '../domain/payment.events';
import { PAYMENT_GATEWAY, type PaymentGateway } from '../gateway/payment-gateway';
import { PaymentsQueries, paymentView } from '../payments.queries';

const APPOINTMENT_NOT_FOUND = 'Appointment not found.';

/** Spec: "POST associate payment body {amount, gateway}": the booked visit's fee is captured. */
export class AssociatePaymentCommand extends Command<PaymentView> {
  constructor(
    readonly caller: Principal,
    readonly appointmentId: string,
    readonly dto: AssociatePaymentDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(AssociatePaymentCommand)
export class AssociatePaymentHandler implements ICommandHandler<AssociatePaymentCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly payments: PaymentsQueries,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    appointmentId,
    dto,
    context,
  }: AssociatePaymentCommand): Promise<PaymentView> {
    const details = await this.payments.appointment(appointmentId);
    if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    const { state } = await this.payments.paymentState(dto.payment_id);
    this.payments.assertMayHandle(caller, state);
    const intent = state.intent!;
    if (intent.paid_by !== details.booked_by && intent.paid_by !== details.patient_id) {
      throw forbidden();
    }
    if (intent.calendar_id !== details.calendar_id || dto.gateway !== intent.gateway) {
      throw new DomainError('invalid', PAYMENT_MESSAGES.notAuthorized, {
        ...(dto.gateway !== intent.gateway ? { gateway: 'Invalid' } : {}),
        ...(intent.calendar_id !== details.calendar_id ? { appointment_id: 'Invalid' } : {}),
      });
    }
    if (details.status === 'Canceled') {
      throw new DomainError('conflict', PAYMENT_MESSAGES.notAuthorized, { status: details.status });
    }
    const result = await this.pipeline.decideOn(paymentStreamId(dto.payment_id), paymentDecider, {
      command: {
        type: 'CapturePayment',
        appointmentId,
        amount: dto.amount,
        by: caller.userId,
        now: this.clock.now(),
      },
      context,
      commandId: `capture/${dto.payment_id}/${appointmentId}`,
    });
    // Only the request that recorded the capture asks the gateway for it.
    if (!result.alreadyAppended && state.gatewayReference) {
      await this.gateway.capture(state.gatewayReference);
    }
    const after = await this.payments.paymentState(dto.payment_id);
    return paymentView(after.state, result.position);
  }
}
