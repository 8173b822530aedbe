import { createHash } from 'node:crypto';
import { type CardDto, PAYMENT_MESSAGES, TEST_CARDS } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import type { CardSource, GatewayOutcome, PaymentGateway, TokenizedCard } from './payment-gateway';

type Decline = Extract<GatewayOutcome, { approved: false }>;

/**
 * A local gateway for development and tests: no network, deterministic answers after the
 * well-known test-card conventions. Card numbers live only in this process, under opaque tokens.
 */
@Injectable()
export class TestPaymentGateway implements PaymentGateway {
  private readonly answered = new Map<string, GatewayOutcome>();
  private readonly tokens = new Map<string, CardDto>();
  private readonly intents = new Map<string, 'authorized' | 'captured' | 'refunded'>();

  authorize(request: {
    amount: number;
    source: CardSource;
    idempotencyKey: string;
    now: Date;
  }): Promise<GatewayOutcome> {
    const earlier = this.answered.get(request.idempotencyKey);
    if (earlier) return Promise.resolve(earlier);
    const card = this.cardOf(request.source);
    const decline = card ? declineOf(card, request.now) : declined('card_declined');
    const outcome: GatewayOutcome = decline ?? {
      approved: true,
      reference: `pi_test_${digest(request.idempotencyKey)}`,
    };
    if (outcome.approved) this.intents.set(outcome.reference, 'authorized');
    this.answered.set(request.idempotencyKey, outcome);
    return Promise.resolve(outcome);
  }

  // The event store is the record of intents: one made before a restart is still captured.
  capture(reference: string): Promise<void> {
    this.intents.set(reference, 'captured');
    return Promise.resolve();
  }

  refund(reference: string): Promise<void> {
    this.intents.set(reference, 'refunded');
    return Promise.resolve();
  }

  tokenize(card: CardDto, now: Date): Promise<({ approved: true } & TokenizedCard) | Decline> {
    const decline = declineOf(card, now);
    if (decline) return Promise.resolve(decline);
    const token = `pm_test_${digest(`${card.number}/${card.exp_month}/${card.exp_year}`)}`;
    this.tokens.set(token, card);
    return Promise.resolve({
      approved: true,
      token,
      brand: brandOf(card.number),
      last6: card.number.slice(-6),
    });
  }

  /** What the gateway holds for a reference (for tests of the adapter's own behaviour). */
  stateOf(reference: string): 'authorized' | 'captured' | 'refunded' | undefined {
    return this.intents.get(reference);
  }

  private cardOf(source: CardSource): CardDto | null {
    return source.kind === 'card' ? source.card : (this.tokens.get(source.token) ?? null);
  }
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (number.startsWith('6')) return 'Discover';
  return 'Card';
}

function declineOf(card: CardDto, now: Date): Decline | null {
  if (!luhn(card.number)) return declined('incorrect_number');
  const expires = DateTime.fromObject({ year: card.exp_year, month: card.exp_month }).endOf(
    'month',
  );
  if (expires.toMillis() < now.getTime()) return declined('expired_card');
  if (card.number === TEST_CARDS.declined) return declined('card_declined');
  if (card.number === TEST_CARDS.insufficientFunds) return declined('insufficient_funds');
  return null;
}

function declined(code: string): Decline {
  const message =
    code === 'incorrect_number'
      ? PAYMENT_MESSAGES.incorrectNumber
      : code === 'expired_card'
        ? PAYMENT_MESSAGES.expired
        : code === 'insufficient_funds'
          ? PAYMENT_MESSAGES.insufficientFunds
          : PAYMENT_MESSAGES.declined;
  return { approved: false, code, message };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);
