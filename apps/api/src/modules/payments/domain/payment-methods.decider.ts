import type { PaymentMethodView } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';

/** A patient's cards on file: only the gateway's token, brand, last six characters and expiry. */
export const paymentMethodsStreamId = (patientId: string): string => `payment-methods-${patientId}`;

export interface SavedCard extends PaymentMethodView {
  readonly gateway_token: string;
}

export type PaymentMethodEvent = {
  type: 'PaymentMethodSaved';
  data: SavedCard & { patient_id: string; saved_by: string; saved_at: string };
};

export type PaymentMethodCommand = {
  type: 'SavePaymentMethod';
  patientId: string;
  card: SavedCard;
  by: string;
  now: Date;
};

export interface PaymentMethodsState {
  readonly cards: readonly SavedCard[];
}

function decide(command: PaymentMethodCommand, state: PaymentMethodsState): PaymentMethodEvent[] {
  switch (command.type) {
    case 'SavePaymentMethod': {
      // The same card saved again is already on file.
      const { card } = command;
      const known = state.cards.some(
        (c) =>
          c.last6 === card.last6 &&
          c.brand === card.brand &&
          c.exp_month === card.exp_month &&
          c.exp_year === card.exp_year,
      );
      if (known) return [];
      return [
        {
          type: 'PaymentMethodSaved',
          data: {
            ...card,
            patient_id: command.patientId,
            saved_by: command.by,
            saved_at: command.now.toISOString(),
          },
        },
      ];
    }
    default: {
      const unknown: never = command.type;
      return unknown;
    }
  }
}

function evolve(state: PaymentMethodsState, event: PaymentMethodEvent): PaymentMethodsState {
  switch (event.type) {
    case 'PaymentMethodSaved': {
      const { patient_id: _p, saved_by: _by, saved_at: _at, ...card } = event.data;
      return { cards: [...state.cards, card] };
    }
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}

export const paymentMethodsDecider: Decider<
  PaymentMethodCommand,
  PaymentMethodEvent,
  PaymentMethodsState
> = { initialState: () => ({ cards: [] }), decide, evolve };
