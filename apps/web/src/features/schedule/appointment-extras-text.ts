import type {
  AppointmentInsurance,
  NoInsuranceChoiceKind,
  OnlineVisitPaymentView,
} from '@medbook/contracts';
import type { TFunction } from 'i18next';
import { i18n } from '../../shared/i18n';

/* Each text takes the component's `t` (the chosen language's by default). */

/** The no-insurance choices in the spec's words (NO_INSURANCE_TEXTS), as the search area says them. */
const NO_INSURANCE_KEYS = {
  'self-pay': 'search.selfPaying',
  'no-insurance': 'search.noInsurance',
  skip: 'search.skipInsurance',
  'choose-later': 'search.chooseLater',
} as const satisfies Record<NoInsuranceChoiceKind, string>;

/** The insurance line of an appointment: the insurance, or the patient's no-insurance choice. */
export function insuranceText(
  insurance: AppointmentInsurance | null,
  t: TFunction = i18n.t,
): string {
  if (!insurance) return t('schedule.extras.notGiven');
  if (insurance.choice === 'insurance') {
    return insurance.insurance_name ?? t('schedule.extras.insurance');
  }
  return t(NO_INSURANCE_KEYS[insurance.choice]);
}

const PAYMENT_STATES = ['authorized', 'captured', 'refunded', 'failed'] as const;
const isPaymentState = (state: string): state is (typeof PAYMENT_STATES)[number] =>
  (PAYMENT_STATES as readonly string[]).includes(state);

/** The visit fee as the front desk reads it: "$25.00 · Visa ····4242 · Paid". */
export function paymentText(payment: OnlineVisitPaymentView | null, t: TFunction = i18n.t): string {
  if (!payment) return t('schedule.extras.noPayment');
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
    payment.amount,
  );
  const status = payment.payment_status;
  const state = isPaymentState(status) ? t(`schedule.extras.payment.${status}`) : status;
  return `${amount} · ${payment.card_brand} ····${payment.card_last4} · ${state}`;
}

/** A yes/no answer as words; free text as typed. */
export const answerText = (answer: string, t: TFunction = i18n.t): string =>
  answer === 'yes' ? t('schedule.extras.yes') : answer === 'no' ? t('schedule.extras.no') : answer;
