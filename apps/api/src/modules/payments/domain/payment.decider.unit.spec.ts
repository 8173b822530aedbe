import { PAYMENT_MESSAGES } from '@medbook/contracts';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, DomainError } from '../../../domain/domain-error';
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

const given = DeciderSpecification.for(paymentDecider);

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

const refunded = (wasCaptured: boolean): PaymentEvent => ({
  type: 'PaymentRefunded',
  data: {
    payment_id: intent.payment_id,
    was_captured: wasCaptured,
    refunded_by: 'patient-1',
    refunded_at: NOW.toISOString(),
  },
});

describe('recording the gateway answer', () => {
  it('records an approval as authorized and a decline as failed, with its words', () => {
    given()
      .when({
        type: 'RecordAuthorization',
        intent,
        outcome: { approved: true, reference: 'pi_test_1' },
        now: NOW,
      })
      .then([authorized]);
    given()
      .when({
        type: 'RecordAuthorization',
        intent,
        outcome: { approved: false, code: 'card_declined', message: PAYMENT_MESSAGES.declined },
        now: NOW,
      })
      .then([
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

  it('records one answer only', () => {
    given([authorized])
      .when({
        type: 'RecordAuthorization',
        intent,
        outcome: { approved: true, reference: 'pi_test_2' },
        now: NOW,
      })
      .thenThrows(ConflictError, PAYMENT_MESSAGES.notAuthorized);
  });
});

describe('capturing for a booked appointment', () => {
  it('captures an authorized fee of the same amount once', () => {
    given([authorized]).when(capture()).then([captured]);
    given([authorized, captured]).when(capture()).thenNothing();
  });

  it('refuses another amount, and a fee never authorized or already given back', () => {
    given([authorized]).when(capture(50)).thenThrows(DomainError, PAYMENT_MESSAGES.amountMismatch);
    given().when(capture()).thenThrows(ConflictError, PAYMENT_MESSAGES.notAuthorized);
    given([authorized, refunded(false)])
      .when(capture())
      .thenThrows(ConflictError, PAYMENT_MESSAGES.notAuthorized);
  });
});

describe('giving the fee back', () => {
  it('releases an authorization, refunds a capture, and does either once', () => {
    given([authorized])
      .when(refund)
      .then([refunded(false)]);
    given([authorized, captured])
      .when(refund)
      .then([refunded(true)]);
    given([authorized, captured, refunded(true)])
      .when(refund)
      .thenNothing();
  });

  it('has nothing to give back for a failed payment, and refuses one never authorized', () => {
    const failed: PaymentEvent = {
      type: 'PaymentFailed',
      data: { ...intent, code: 'card_declined', message: 'x', failed_at: NOW.toISOString() },
    };
    given([failed]).when(refund).thenNothing();
    given().when(refund).thenThrows(ConflictError, PAYMENT_MESSAGES.notAuthorized);
  });
});
