import { PAYMENT_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { type PaymentCommand, paymentDecider } from './payment.decider';
import type { PaymentEvent, PaymentIntent } from './payment.events';

const NOW = new Date('2026-11-23T10:00:00Z');
const APPOINTMENT = '00000000-0000-4000-8000-0000000000a1';
const intent: PaymentIntent = {
  payment_id: '00000000-0000-4000-8000-000000000001',
  patient_id: 'patient-1',
  paid_by: 'patient-1',
  calendar_id: 'calendar-1',
  practice_id: 'practice-1',
  amount: 75,
  gateway: 'Stripe',
  card_brand: 'Visa',
  card_last6: '424242',
};

const given = (events: PaymentEvent[]) => fold(paymentDecider, events);
const when = (command: PaymentCommand, events: PaymentEvent[] = []) =>
  paymentDecider.decide(command, given(events));

const authorized: PaymentEvent = {
  type: 'PaymentAuthorized',
  data: { ...intent, gateway_reference: 'pi_test_1', authorized_at: NOW.toISOString() },
};
const captured: PaymentEvent = {
  type: 'PaymentCaptured',
  data: {
    payment_id: intent.payment_id,
    appointment_id: APPOINTMENT,
    captured_by: 'patient-1',
    captured_at: NOW.toISOString(),
  },
};
const capture = (amount = 75): PaymentCommand => ({
  type: 'CapturePayment',
  appointmentId: APPOINTMENT,
  amount,
  by: 'patient-1',
  now: NOW,
});
const refund: PaymentCommand = { type: 'RefundPayment', by: 'patient-1', now: NOW };

describe('recording the gateway answer', () => {
  it('records an approval as authorized and a decline as failed, with its words', () => {
    expect(
      when({
        type: 'RecordAuthorization',
        intent,
        outcome: { approved: true, reference: 'pi_test_1' },
        now: NOW,
      }),
    ).toEqual([authorized]);
    expect(
      when({
        type: 'RecordAuthorization',
        intent,
        outcome: { approved: false, code: 'card_declined', message: PAYMENT_MESSAGES.declined },
        now: NOW,
      }),
    ).toEqual([
      {
        type: 'PaymentFailed',
        data: {
          ...intent,
          code: 'card_declined',
          message: PAYMENT_MESSAGES.declined,
          failed_at: NOW.toISOString(),
        },
      },
    ]);
  });
});

describe('capturing for a booked appointment', () => {
  it('captures an authorized fee of the same amount once', () => {
    expect(when(capture(), [authorized])).toEqual([captured]);
    expect(when(capture(), [authorized, captured])).toEqual([]);
  });

  it('refuses another amount, and a fee never authorized or already given back', () => {
    expect(() => when(capture(50), [authorized])).toThrow(PAYMENT_MESSAGES.amountMismatch);
    expect(() => when(capture())).toThrow(PAYMENT_MESSAGES.notAuthorized);
    const refunded = when(refund, [authorized]);
    expect(() => when(capture(), [authorized, ...refunded])).toThrow(
      PAYMENT_MESSAGES.notAuthorized,
    );
  });
});

describe('giving the fee back', () => {
  it('releases an authorization, refunds a capture, and does either once', () => {
    expect(when(refund, [authorized])).toMatchObject([
      { type: 'PaymentRefunded', data: { was_captured: false } },
    ]);
    const refunded = when(refund, [authorized, captured]);
    expect(refunded).toMatchObject([{ type: 'PaymentRefunded', data: { was_captured: true } }]);
    expect(when(refund, [authorized, captured, ...refunded])).toEqual([]);
  });
});
