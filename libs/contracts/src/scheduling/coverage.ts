/**
 * What a booking says about how the visit is paid for (spec: the appointment's `insurance`): the
 * wizard's insurance stage choices, an insurance with its member id, or none of them.
 */
export const INSURANCE_CHOICES = [
  'insurance',
  'self-pay',
  'no-insurance',
  'skip',
  'choose-later',
] as const;
export type InsuranceChoiceKind = (typeof INSURANCE_CHOICES)[number];
export type NoInsuranceChoiceKind = Exclude<InsuranceChoiceKind, 'insurance'>;

/** The insurance list's fixed choices (spec 1 "Dialogs", spec 2 section 2.3), verbatim. */
export const NO_INSURANCE_TEXTS: Readonly<Record<NoInsuranceChoiceKind, string>> = {
  'self-pay': 'Self paying',
  'no-insurance': "I don't have insurance",
  skip: 'Skip insurance',
  'choose-later': "I'll choose my insurance later",
};

/** Member ids as carriers print them: letters, digits and dashes. */
export const MEMBER_ID_PATTERN = /^[A-Za-z0-9-]{1,30}$/;

export interface AppointmentInsurance {
  readonly choice: InsuranceChoiceKind;
  /** The insurance (or plan) from the insurance list; null for the no-insurance choices. */
  readonly insurance_name: string | null;
  readonly member_id: string | null;
}

/** The visit fee as the practice sees it on an appointment (spec: online_visit_payment). */
export interface OnlineVisitPaymentView {
  readonly payment_id: string;
  readonly amount: number;
  readonly gateway: string;
  readonly payment_status: string;
  readonly card_brand: string;
  readonly card_last4: string;
}

/** A screening form answered for an appointment, with each question's text and the answer. */
export interface AppointmentScreeningView {
  readonly screening_id: string;
  readonly form_id: string;
  readonly title: string;
  readonly submitted_at: string;
  readonly answers: readonly { readonly question: string; readonly answer: string }[];
}
