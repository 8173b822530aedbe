import { PAYMENT_MESSAGES } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, DomainError } from '../../../domain/domain-error';
import {
  evolvePayment,
  initialPaymentState,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentState,
} from './payment.events';

/** What the gateway answered is decided before the command: the decider records it. */
export type PaymentCommand =
  | {
      type: 'RecordAuthorization';
      intent: PaymentIntent;
      outcome:
        { approved: true; reference: string } | { approved: false; code: string; message: string };
      now: Date;
    }
  | { type: 'CapturePayment'; appointmentId: string; amount: number; by: string; now: Date }
  | { type: 'RefundPayment'; by: string; now: Date };

function decide(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'RecordAuthorization': {
      if (state.intent) throw new ConflictError(PAYMENT_MESSAGES.notAuthorized);
      const at = command.now.toISOString();
      return [
        command.outcome.approved
          ? {
              type: 'PaymentAuthorized',
              data: {
                ...command.intent,
                gateway_reference: command.outcome.reference,
                authorized_at: at,
              },
            }
          : {
              type: 'PaymentFailed',
              data: {
                ...command.intent,
                code: command.outcome.code,
                message: command.outcome.message,
                failed_at: at,
              },
            },
      ];
    }
    case 'CapturePayment': {
      if (state.status === 'captured' && state.appointmentId === command.appointmentId) return [];
      if (state.status !== 'authorized' || !state.intent) {
        throw new ConflictError(PAYMENT_MESSAGES.notAuthorized, { status: state.status });
      }
      if (Math.round(command.amount * 100) !== Math.round(state.intent.amount * 100)) {
        throw new DomainError('invalid', PAYMENT_MESSAGES.amountMismatch, { amount: 'Invalid' });
      }
      return [
        {
          type: 'PaymentCaptured',
          data: {
            payment_id: state.intent.payment_id,
            appointment_id: command.appointmentId,
            captured_by: command.by,
            captured_at: command.now.toISOString(),
          },
        },
      ];
    }
    case 'RefundPayment': {
      // Released once; a failed payment took nothing, so there is nothing to give back.
      if (state.status === 'refunded' || state.status === 'failed') return [];
      if (!state.intent) throw new ConflictError(PAYMENT_MESSAGES.notAuthorized);
      return [
        {
          type: 'PaymentRefunded',
          data: {
            payment_id: state.intent.payment_id,
            was_captured: state.status === 'captured',
            refunded_by: command.by,
            refunded_at: command.now.toISOString(),
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: initialPaymentState,
  decide,
  evolve: evolvePayment,
};
