import type { CardDto, PaymentGatewayName } from '@medbook/contracts';

/** The port every payment gateway adapter implements (Stripe, Fortis, global-pay). */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');

export type GatewayOutcome =
  | { readonly approved: true; readonly reference: string }
  | { readonly approved: false; readonly code: string; readonly message: string };

export type CardSource =
  | { readonly kind: 'card'; readonly card: CardDto }
  | { readonly kind: 'token'; readonly token: string };

export interface TokenizedCard {
  readonly token: string;
  readonly brand: string;
  readonly last6: string;
}

export interface PaymentGateway {
  /** Reserve the amount on the card; the same idempotency key is answered as the first time. */
  authorize(request: {
    readonly gateway: PaymentGatewayName;
    readonly amount: number;
    readonly source: CardSource;
    readonly idempotencyKey: string;
    readonly now: Date;
  }): Promise<GatewayOutcome>;
  capture(reference: string): Promise<void>;
  /** Releases an authorization, or refunds a captured payment. */
  refund(reference: string): Promise<void>;
  /** Checks a card and keeps it for later charges (card on file). */
  tokenize(
    card: CardDto,
    now: Date,
  ): Promise<
    ({ readonly approved: true } & TokenizedCard) | Extract<GatewayOutcome, { approved: false }>
  >;
}
