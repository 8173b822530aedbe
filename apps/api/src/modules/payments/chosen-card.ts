import { type CardDto, STATUS_MESSAGES } from '@medbook/contracts';
import { DomainError } from '../../domain/domain-error';
import type { CardSource } from './gateway/payment-gateway';
import { brandOf } from './gateway/test-payment-gateway';
import type { PaymentsQueries } from './payments.queries';

/** The card a payment is made with, as the gateway takes it, and what the payment records of it. */
export interface ChosenCard {
  readonly source: CardSource;
  readonly brand: string;
  readonly last6: string;
}

/**
 * A payer's saved card (by its payment method id; 400 'Invalid' when it is not theirs) or the card
 * typed in the request.
 */
export async function chosenCard(
  payments: PaymentsQueries,
  payer: string,
  chosen: { readonly payment_method_id?: string; readonly card?: CardDto },
): Promise<ChosenCard> {
  if (chosen.payment_method_id) {
    const cards = await payments.savedCards(payer);
    const saved = cards.find((c) => c.payment_method_id === chosen.payment_method_id);
    if (!saved) {
      throw new DomainError('invalid', STATUS_MESSAGES[400], { payment_method_id: 'Invalid' });
    }
    return {
      source: { kind: 'token', token: saved.gateway_token },
      brand: saved.brand,
      last6: saved.last6,
    };
  }
  const card = chosen.card!;
  return {
    source: { kind: 'card', card },
    brand: brandOf(card.number),
    last6: card.number.slice(-6),
  };
}
