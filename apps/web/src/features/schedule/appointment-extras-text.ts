import {
  type AppointmentInsurance,
  NO_INSURANCE_TEXTS,
  type OnlineVisitPaymentView,
} from '@medbook/contracts';

/** The insurance line of an appointment: the insurance, or the patient's no-insurance choice. */
export function insuranceText(insurance: AppointmentInsurance | null): string {
  if (!insurance) return 'Not given at booking';
  if (insurance.choice === 'insurance') return insurance.insurance_name ?? 'Insurance';
  return NO_INSURANCE_TEXTS[insurance.choice];
}

const PAYMENT_STATES: Readonly<Record<string, string>> = {
  authorized: 'Authorized, not yet captured',
  captured: 'Paid',
  refunded: 'Refunded',
  failed: 'Declined',
};

/** The visit fee as the front desk reads it: "$25.00 · Visa ····4242 · Paid". */
export function paymentText(payment: OnlineVisitPaymentView | null): string {
  if (!payment) return 'No online payment';
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    payment.amount,
  );
  const state = PAYMENT_STATES[payment.payment_status] ?? payment.payment_status;
  return `${amount} · ${payment.card_brand} ····${payment.card_last4} · ${state}`;
}

/** A yes/no answer as words; free text as typed. */
export const answerText = (answer: string): string =>
  answer === 'yes' ? 'Yes' : answer === 'no' ? 'No' : answer;
