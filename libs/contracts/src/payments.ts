import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

const invalid = { message: 'Invalid' };
const required = { message: 'Required' };

/** Spec 1, section 9: "Minimum visit fee 0.5." */
export const MINIMUM_VISIT_FEE = 0.5;

/** The gateways a practice takes online payments through (spec 1, section 9). */
export const PAYMENT_GATEWAYS = ['Stripe', 'Fortis', 'global-pay'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/**
 * The local test gateway's cards, after the well-known test-card conventions: one is approved,
 * one declined, one lacks funds. Any other number that passes the Luhn check is approved too.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** What people read about a payment. The gateway's decline texts follow the test-card convention. */
export const PAYMENT_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  incorrectNumber: 'Your card number is incorrect.',
  expired: 'Your card has expired.',
  /** Spec 1, section 4 "Slot-taken recovery": a released visit fee. */
  notProcessed: 'Payment not proccessed',
  /** Spec 1, section 8: a failed card lookup; booking continues. */
  cardLookupFailed: 'Unable To Access Your Stripe Customer',
  belowMinimum: `The visit fee must be at least ${MINIMUM_VISIT_FEE}.`,
  noVisitFee: 'No visit fee is due for this visit.',
  amountMismatch: 'The amount does not match the visit fee.',
  notAuthorized: 'This payment cannot be associated with an appointment.',
  paid: 'Payment successful.',
  cardSaved: 'Card saved.',
} as const;

/** The practice's and provider's settings that decide the wizard's payment stages. */
export interface BookingPaymentSettings {
  readonly online_payment_enabled: boolean;
  readonly online_payment_gateway: PaymentGatewayName | null;
  readonly enable_card_on_file: boolean;
  readonly has_paypal_account: boolean;
  readonly enable_visit_fee: boolean;
  readonly visit_amount: number;
  readonly insured_visit_amount: number;
}

/** The amount due: the insured amount when insured, else the visit amount. */
export function visitFeeAmount(settings: BookingPaymentSettings, insured: boolean): number {
  return insured ? settings.insured_visit_amount : settings.visit_amount;
}

/**
 * Spec 1, section 5: a visit fee applies only when online payment is enabled with a supported
 * gateway, the provider enables the visit fee, and the amount is at least 0.5.
 */
export function visitFeeApplies(settings: BookingPaymentSettings, insured: boolean): boolean {
  return (
    settings.online_payment_enabled &&
    settings.online_payment_gateway !== null &&
    (PAYMENT_GATEWAYS as readonly string[]).includes(settings.online_payment_gateway) &&
    settings.enable_visit_fee &&
    visitFeeAmount(settings, insured) >= MINIMUM_VISIT_FEE
  );
}

/** Card on file applies only with Stripe, card-on-file enabled and no visit amount due. */
export function cardOnFileApplies(settings: BookingPaymentSettings, insured: boolean): boolean {
  return (
    settings.online_payment_gateway === 'Stripe' &&
    settings.enable_card_on_file &&
    !visitFeeApplies(settings, insured)
  );
}

/** PayPal applies when the practice has a PayPal account, the fee is enabled and above 0. */
export function payPalApplies(settings: BookingPaymentSettings): boolean {
  return settings.has_paypal_account && settings.enable_visit_fee && settings.visit_amount > 0;
}

export class UpdatePaymentSettingsDto {
  @IsBoolean(invalid)
  online_payment_enabled!: boolean;

  @ValidateIf((dto: UpdatePaymentSettingsDto) => dto.online_payment_gateway !== null)
  @IsIn(PAYMENT_GATEWAYS, invalid)
  online_payment_gateway!: PaymentGatewayName | null;

  @IsBoolean(invalid)
  enable_card_on_file!: boolean;

  @IsBoolean(invalid)
  has_paypal_account!: boolean;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export interface PracticePaymentSettingsView {
  readonly practice_id: string;
  readonly online_payment_enabled: boolean;
  readonly online_payment_gateway: PaymentGatewayName | null;
  readonly enable_card_on_file: boolean;
  readonly has_paypal_account: boolean;
}

/** A card as typed; the server keeps only its brand, last six characters and expiry. */
export class CardDto {
  @Matches(/^[0-9]{12,19}$/, invalid)
  number!: string;

  @IsInt(invalid)
  @Min(1, invalid)
  @Max(12, invalid)
  exp_month!: number;

  @IsInt(invalid)
  @Min(2000, invalid)
  @Max(2100, invalid)
  exp_year!: number;

  @Matches(/^[0-9]{3,4}$/, invalid)
  cvc!: string;

  @IsString(required)
  @Length(2, 70, { message: 'Invalid character length' })
  name_on_card!: string;
}

/** Pay the visit fee for a booking on this calendar (authorized now, captured once booked). */
export class PayVisitFeeDto {
  @IsUUID(undefined, invalid)
  calendar_id!: string;

  @IsBoolean(invalid)
  insured!: boolean;

  /** The amount the patient was shown: refused when it is not the fee due. */
  @IsNumber({}, invalid)
  amount!: number;

  /** A new card, or a saved one by its payment method id. */
  @ValidateIf((dto: PayVisitFeeDto) => dto.payment_method_id === undefined)
  @ValidateNested()
  @Type(() => CardDto)
  card?: CardDto;

  @IsOptional()
  @IsUUID(undefined, invalid)
  payment_method_id?: string;

  /** The idempotency key: a retried payment with the same key charges once. */
  @IsUUID(undefined, required)
  command_id!: string;
}

/** Spec 1, section 7: "POST associate payment body {amount, gateway}". */
export class AssociatePaymentDto {
  @IsNumber({}, invalid)
  amount!: number;

  @IsIn(PAYMENT_GATEWAYS, invalid)
  gateway!: PaymentGatewayName;

  @IsUUID(undefined, invalid)
  payment_id!: string;
}

export class SavePaymentMethodDto {
  @ValidateNested()
  @Type(() => CardDto)
  card!: CardDto;

  @IsOptional()
  @IsUUID()
  command_id?: string;
}

export type PaymentStatus = 'authorized' | 'captured' | 'refunded' | 'failed';

export interface PaymentView {
  readonly payment_id: string;
  readonly patient_id: string;
  readonly calendar_id: string;
  readonly status: PaymentStatus;
  readonly amount: number;
  readonly gateway: PaymentGatewayName;
  readonly appointment_id: string | null;
  readonly card_brand: string;
  readonly card_last6: string;
  readonly failure_message: string | null;
  readonly position: number;
}

export interface PaymentMethodView {
  readonly payment_method_id: string;
  readonly brand: string;
  readonly last6: string;
  readonly exp_month: number;
  readonly exp_year: number;
}

/** Spec 1, section 7: the payment-methods lookup answers a list in data.data. */
export interface PaymentMethodsView {
  readonly data: PaymentMethodView[];
}
