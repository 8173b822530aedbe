import {
  type AssociatePaymentDto,
  type BookingPaymentSettings,
  MINIMUM_VISIT_FEE,
  PAYMENT_MESSAGES,
  type PaymentMethodView,
  type PaymentView,
  type PayVisitFeeDto,
  type PracticePaymentSettingsView,
  type SavePaymentMethodDto,
  STATUS_MESSAGES,
  type UpdatePaymentSettingsDto,
  visitFeeAmount,
  visitFeeApplies,
} from '@medbook/contracts';
import { type EventStore, IdempotencyConflict, WrongExpectedRevision } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../infra/clock';
import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import { type Decider, fold } from '../../domain/decider';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { DomainError, NotFoundError } from '../../domain/domain-error';
import type { RequestContext } from '../../infra/http/request-context';
import { AccessPolicy, forbidden } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { appointmentDecider } from '../scheduling/domain/appointment.decider';
import { appointmentStreamId } from '../scheduling/domain/appointment.events';
import { paymentMethodsDecider, paymentMethodsStreamId } from './domain/payment-methods.decider';
import {
  type PaymentSettings,
  paymentSettingsDecider,
  paymentSettingsStreamId,
} from './domain/payment-settings.decider';
import { paymentDecider } from './domain/payment.decider';
import { type PaymentState, paymentStreamId } from './domain/payment.events';
import { type CardSource, PAYMENT_GATEWAY, type PaymentGateway } from './gateway/payment-gateway';
import { brandOf } from './gateway/test-payment-gateway';
import { PaymentsRepository } from './payments.repository';

const CALENDAR_NOT_FOUND = 'Calendar not found.';
const PAYMENT_NOT_FOUND = 'Payment not found.';
const APPOINTMENT_NOT_FOUND = 'Appointment not found.';

/** Visit fees through the payment port: authorized before booking, captured once booked. */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pipeline: CommandPipeline,
    private readonly repository: PaymentsRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async practiceSettings(practiceId: string): Promise<PracticePaymentSettingsView> {
    const { state } = await this.load(paymentSettingsStreamId(practiceId), paymentSettingsDecider);
    return { practice_id: practiceId, ...state };
  }

  async changeSettings(
    caller: Principal,
    practiceId: string,
    dto: UpdatePaymentSettingsDto,
    context: RequestContext,
  ): Promise<PracticePaymentSettingsView & { position: number }> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const settings: PaymentSettings = {
      online_payment_enabled: dto.online_payment_enabled,
      online_payment_gateway: dto.online_payment_gateway ?? null,
      enable_card_on_file: dto.enable_card_on_file,
      has_paypal_account: dto.has_paypal_account,
    };
    const result = await this.pipeline.decideOn(
      paymentSettingsStreamId(practiceId),
      paymentSettingsDecider,
      {
        command: {
          type: 'ChangePaymentSettings',
          practiceId,
          settings,
          by: caller.userId,
          now: this.clock.now(),
        },
        context,
        commandId: dto.command_id ?? null,
      },
    );
    return { ...(await this.practiceSettings(practiceId)), position: result.position };
  }

  /** What the booking wizard needs to decide its payment stages for this calendar. */
  async bookingSettings(calendarId: string): Promise<BookingPaymentSettings> {
    const calendar = await this.repository.calendar(calendarId);
    if (!calendar) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const [practice, fee] = await Promise.all([
      this.practiceSettings(calendar.practice_id),
      this.repository.visitFee(calendar.provider_id),
    ]);
    const { practice_id: _id, ...settings } = practice;
    return { ...settings, ...fee };
  }

  async payVisitFee(
    caller: Principal,
    dto: PayVisitFeeDto,
    context: RequestContext,
  ): Promise<PaymentView> {
    // The key is the caller's own: two patients can never collide on one payment.
    const paymentId = eventIdFor(`payment/${caller.userId}/${dto.command_id}`, -1);
    const streamId = paymentStreamId(paymentId);
    const earlier = await this.load(streamId, paymentDecider);
    if (earlier.state.intent) return this.answer(earlier.state, earlier.position);

    const calendar = await this.repository.calendar(dto.calendar_id);
    if (!calendar) throw new NotFoundError(CALENDAR_NOT_FOUND);
    const settings = await this.bookingSettings(dto.calendar_id);
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
    const { source, brand, last6 } = await this.cardSource(caller.userId, dto);
    const now = this.clock.now();
    const outcome = await this.gateway.authorize({
      gateway: settings.online_payment_gateway,
      amount,
      source,
      idempotencyKey: paymentId,
      now,
    });
    const record = this.pipeline.decideOn(streamId, paymentDecider, {
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
    // The same key sent twice at once: the other request recorded the same gateway answer.
    await record.catch((error: unknown) => {
      if (!(error instanceof IdempotencyConflict || error instanceof WrongExpectedRevision)) {
        throw error;
      }
    });
    const { state, position } = await this.load(streamId, paymentDecider);
    return this.answer(state, position);
  }

  async payment(caller: Principal, paymentId: string): Promise<PaymentView> {
    const { state, position } = await this.load(paymentStreamId(paymentId), paymentDecider);
    this.assertMayHandle(caller, state);
    return this.answer(state, position);
  }

  /** Spec: "POST associate payment body {amount, gateway}": the booked visit's fee is captured. */
  async associate(
    caller: Principal,
    appointmentId: string,
    dto: AssociatePaymentDto,
    context: RequestContext,
  ): Promise<PaymentView> {
    const { state: appointment } = await this.load(
      appointmentStreamId(appointmentId),
      appointmentDecider,
    );
    const details = appointment.details;
    if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    const streamId = paymentStreamId(dto.payment_id);
    const { state } = await this.load(streamId, paymentDecider);
    this.assertMayHandle(caller, state);
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
    const result = await this.pipeline.decideOn(streamId, paymentDecider, {
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
    if (!result.alreadyAppended && state.gatewayReference) {
      await this.gateway.capture(state.gatewayReference);
    }
    const after = await this.load(streamId, paymentDecider);
    return this.answer(after.state, result.position);
  }

  /** Spec: declining a new slot "releases any visit fee ('Payment not proccessed')". */
  async cancelVisitFee(
    caller: Principal,
    paymentId: string,
    context: RequestContext,
  ): Promise<PaymentView> {
    const streamId = paymentStreamId(paymentId);
    const { state } = await this.load(streamId, paymentDecider);
    this.assertMayHandle(caller, state);
    const result = await this.pipeline.decideOn(streamId, paymentDecider, {
      command: { type: 'RefundPayment', by: caller.userId, now: this.clock.now() },
      context,
      commandId: `refund/${paymentId}`,
    });
    if (!result.alreadyAppended && state.gatewayReference) {
      await this.gateway.refund(state.gatewayReference);
    }
    const after = await this.load(streamId, paymentDecider);
    return this.answer(after.state, result.position);
  }

  async paymentMethods(caller: Principal, patientId: string): Promise<PaymentMethodView[]> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const { state } = await this.load(paymentMethodsStreamId(patientId), paymentMethodsDecider);
    return state.cards.map(({ gateway_token: _token, ...card }) => card);
  }

  async savePaymentMethod(
    caller: Principal,
    patientId: string,
    dto: SavePaymentMethodDto,
    context: RequestContext,
  ): Promise<PaymentMethodView> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const now = this.clock.now();
    const token = await this.gateway.tokenize(dto.card, now);
    if (!token.approved)
      throw new DomainError('payment_declined', token.message, { code: token.code });
    const card = {
      payment_method_id: eventIdFor(token.token, -1),
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

  private async cardSource(
    payer: string,
    dto: PayVisitFeeDto,
  ): Promise<{ source: CardSource; brand: string; last6: string }> {
    if (dto.payment_method_id) {
      const { state } = await this.load(paymentMethodsStreamId(payer), paymentMethodsDecider);
      const saved = state.cards.find((c) => c.payment_method_id === dto.payment_method_id);
      if (!saved)
        throw new DomainError('invalid', STATUS_MESSAGES[400], { payment_method_id: 'Invalid' });
      return {
        source: { kind: 'token', token: saved.gateway_token },
        brand: saved.brand,
        last6: saved.last6,
      };
    }
    const card = dto.card!;
    return {
      source: { kind: 'card', card },
      brand: brandOf(card.number),
      last6: card.number.slice(-6),
    };
  }

  /** The payer, or the practice that is paid. */
  private assertMayHandle(caller: Principal, state: PaymentState): void {
    const intent = state.intent;
    if (!intent) throw new NotFoundError(PAYMENT_NOT_FOUND);
    if (intent.paid_by === caller.userId) return;
    this.policy.assertMayWorkForPractice(caller, intent.practice_id);
  }

  private answer(state: PaymentState, position: number): PaymentView {
    const intent = state.intent!;
    return {
      payment_id: intent.payment_id,
      patient_id: intent.patient_id,
      calendar_id: intent.calendar_id,
      status: state.status!,
      amount: intent.amount,
      gateway: intent.gateway,
      appointment_id: state.appointmentId,
      card_brand: intent.card_brand,
      card_last6: intent.card_last6,
      failure_message: state.failureMessage,
      position,
    };
  }

  private async load<C, E extends { type: string; data: unknown }, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<{ state: S; position: number }> {
    const history = await this.store.readStream(streamId);
    const state = fold(
      decider,
      history.map((e) => ({ type: e.type, data: e.data }) as E),
    );
    return { state, position: history.at(-1)?.globalPosition ?? 0 };
  }
}
