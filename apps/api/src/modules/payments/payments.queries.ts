import {
  type BookingPaymentSettings,
  type PaymentMethodsView,
  type PaymentView,
  type PracticePaymentSettingsView,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { type Decider, fold } from '../../domain/decider';
import { NotFoundError } from '../../domain/domain-error';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { appointmentDecider } from '../scheduling/domain/appointment.decider';
import { appointmentStreamId } from '../scheduling/domain/appointment.events';
import { paymentMethodsDecider, paymentMethodsStreamId } from './domain/payment-methods.decider';
import { paymentSettingsDecider, paymentSettingsStreamId } from './domain/payment-settings.decider';
import { paymentDecider } from './domain/payment.decider';
import { type PaymentState, paymentStreamId } from './domain/payment.events';
import { PaymentsRepository } from './payments.repository';

export const CALENDAR_NOT_FOUND = 'Calendar not found.';
const PAYMENT_NOT_FOUND = 'Payment not found.';

/**
 * Payments, cards and settings as their streams say now. They have no read models: each is one
 * short stream, folded on read.
 */
@Injectable()
export class PaymentsQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly repository: PaymentsRepository,
    private readonly policy: AccessPolicy,
  ) {}

  async practiceSettings(practiceId: string): Promise<PracticePaymentSettingsView> {
    const { state } = await this.current(
      paymentSettingsStreamId(practiceId),
      paymentSettingsDecider,
    );
    return { practice_id: practiceId, ...state };
  }

  /** The settings as the practice's own users see them. */
  settingsFor(caller: Principal, practiceId: string): Promise<PracticePaymentSettingsView> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.practiceSettings(practiceId);
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

  async payment(caller: Principal, paymentId: string): Promise<PaymentView> {
    const { state, position } = await this.paymentState(paymentId);
    this.assertMayHandle(caller, state);
    return paymentView(state, position);
  }

  paymentState(paymentId: string): Promise<{ state: PaymentState; position: number }> {
    return this.current(paymentStreamId(paymentId), paymentDecider);
  }

  async paymentMethods(caller: Principal, patientId: string): Promise<PaymentMethodsView> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const { state } = await this.current(paymentMethodsStreamId(patientId), paymentMethodsDecider);
    return { data: state.cards.map(({ gateway_token: _token, ...card }) => card) };
  }

  /** A patient's cards with their gateway tokens: for paying, never for showing. */
  async savedCards(patientId: string) {
    const { state } = await this.current(paymentMethodsStreamId(patientId), paymentMethodsDecider);
    return state.cards;
  }

  /** The appointment a payment is to be associated with (scheduling's stream). */
  async appointment(appointmentId: string) {
    const { state } = await this.current(appointmentStreamId(appointmentId), appointmentDecider);
    return state.details;
  }

  /** The payment exists and the caller is its payer or works for the practice it pays. */
  assertMayHandle(caller: Principal, state: PaymentState): void {
    if (!state.intent) throw new NotFoundError(PAYMENT_NOT_FOUND);
    this.policy.assertMayHandlePayment(caller, state.intent);
  }

  private async current<C, E extends { type: string; data: unknown }, S>(
    streamId: string,
    decider: Decider<C, E, S>,
  ): Promise<{ state: S; position: number }> {
    const history = await this.store.readStream(streamId);
    const state = fold(decider, history as unknown as readonly E[]);
    return { state, position: history.at(-1)?.globalPosition ?? 0 };
  }
}

export function paymentView(state: PaymentState, position: number): PaymentView {
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
