import type { PaymentGatewayName, PaymentStatus } from '@medbook/contracts';

/** One stream per payment intent: its id derives from the patient's idempotency key. */
export const paymentStreamId = (paymentId: string): string => `payment-${paymentId}`;

export interface PaymentIntent {
  readonly payment_id: string;
  readonly patient_id: string;
  readonly paid_by: string;
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly amount: number;
  readonly gateway: PaymentGatewayName;
  readonly card_brand: string;
  readonly card_last6: string;
}

export type PaymentEvent =
  | {
      type: 'PaymentAuthorized';
      data: PaymentIntent & { gateway_reference: string; authorized_at: string };
    }
  | {
      type: 'PaymentFailed';
      data: PaymentIntent & { code: string; message: string; failed_at: string };
    }
  | {
      type: 'PaymentCaptured';
      data: {
        payment_id: string;
        appointment_id: string;
        captured_by: string;
        captured_at: string;
      };
    }
  | {
      type: 'PaymentRefunded';
      data: {
        payment_id: string;
        /** False when an authorization was released before capture. */
        was_captured: boolean;
        refunded_by: string;
        refunded_at: string;
      };
    };

export interface PaymentState {
  readonly intent: PaymentIntent | null;
  readonly status: PaymentStatus | null;
  readonly gatewayReference: string | null;
  readonly appointmentId: string | null;
  readonly failureMessage: string | null;
}

export const initialPaymentState = (): PaymentState => ({
  intent: null,
  status: null,
  gatewayReference: null,
  appointmentId: null,
  failureMessage: null,
});

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentAuthorized': {
      const { gateway_reference, authorized_at: _at, ...intent } = event.data;
      return { ...state, intent, status: 'authorized', gatewayReference: gateway_reference };
    }
    case 'PaymentFailed': {
      const { code: _code, message, failed_at: _at, ...intent } = event.data;
      return { ...state, intent, status: 'failed', failureMessage: message };
    }
    case 'PaymentCaptured':
      return { ...state, status: 'captured', appointmentId: event.data.appointment_id };
    case 'PaymentRefunded':
      return { ...state, status: 'refunded' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
