import { DateTime } from 'luxon';
import type { CardDto } from '@medbook/contracts';

/** The card form as typed. */
export interface CardForm {
  readonly name: string;
  readonly number: string;
  /** MM/YY */
  readonly expiry: string;
  readonly cvc: string;
}

export const EMPTY_CARD: CardForm = { name: '', number: '', expiry: '', cvc: '' };

export type CardErrors = Partial<Record<keyof CardForm, string>>;

const digits = (text: string) => text.replace(/[\s-]/g, '');

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function expiryOf(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** The spec's shared messages: 'Required', 'Invalid', 'Invalid character length'. */
export function cardErrors(form: CardForm, now: DateTime): CardErrors {
  const errors: CardErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'Required';
  else if (name.length < 2 || name.length > 70) errors.name = 'Invalid character length';
  const number = digits(form.number);
  if (!number) errors.number = 'Required';
  else if (!/^\d{12,19}$/.test(number) || !luhn(number)) errors.number = 'Invalid';
  const expiry = expiryOf(form.expiry);
  if (!form.expiry.trim()) errors.expiry = 'Required';
  else if (
    !expiry ||
    DateTime.fromObject({ year: expiry.year, month: expiry.month }).endOf('month') < now
  ) {
    errors.expiry = 'Invalid';
  }
  if (!form.cvc.trim()) errors.cvc = 'Required';
  else if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'Invalid';
  return errors;
}

/** The details sent to the payment port; call only when `cardErrors` found none. */
export function cardDetails(form: CardForm): CardDto {
  const expiry = expiryOf(form.expiry)!;
  return {
    number: digits(form.number),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvc: form.cvc.trim(),
    name_on_card: form.name.trim(),
  };
}

/** Spec 1, section 9: a card shows only its last 6 characters. */
export const maskedCard = (brand: string, last6: string) => `${brand} •••• ${last6}`;

export const money = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
