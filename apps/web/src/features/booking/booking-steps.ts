import {
  BOOKING_STAGES,
  type BookingFacts,
  type BookingStage,
  stageApplies,
} from './booking-stages';

/**
 * The stepper's steps. Stages that belong together share a step (insurance with its
 * confirmation and eligibility; card, PayPal and the visit fee), so an answer that adds or
 * skips one of them never moves the counter by more than one.
 */
export const BOOKING_STEPS = [
  'Screening',
  'Patient',
  'Verify phone',
  'Demographics',
  'Insurance',
  'Payment',
  'Review',
] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export const STEP_OF_STAGE: Readonly<Record<BookingStage, BookingStep>> = {
  SCREENING_FORM: 'Screening',
  BOOKING_FORM: 'Patient',
  SMS_VERIFICATION: 'Verify phone',
  PATIENT_DEMOGRAPHICS: 'Demographics',
  INSURANCE: 'Insurance',
  INSURANCE_CONFIRMATION: 'Insurance',
  VERIFY_ELIGIBILITY: 'Insurance',
  ADD_CARD: 'Payment',
  PAY_PAL: 'Payment',
  PAYMENT: 'Payment',
  BOOK_APPOINTMENT: 'Review',
};

export interface StepListing {
  /** The phone had to be verified when the wizard started (it stays listed once verified). */
  readonly smsListed: boolean;
  /**
   * Whether a payment stage may apply: before the insurance is answered, either answer counts
   * (the insured and the self-paying amount differ), afterwards the answer given.
   */
  readonly paymentPossible: boolean;
}

/** The steps of this booking, as listed from the start. */
export function listedSteps(facts: BookingFacts, listing: StepListing): BookingStep[] {
  const stages = BOOKING_STAGES.filter(
    (stage) =>
      stageApplies(stage, facts) ||
      (stage === 'SMS_VERIFICATION' && listing.smsListed) ||
      (STEP_OF_STAGE[stage] === 'Payment' && listing.paymentPossible) ||
      (STEP_OF_STAGE[stage] === 'Insurance' && facts.calendar.enableInsurance),
  );
  return BOOKING_STEPS.filter((step) => stages.some((stage) => STEP_OF_STAGE[stage] === step));
}

/** "Step n of m" for a stage: n is its step's place among the listed steps (1-based). */
export function stepCounter(
  stage: BookingStage,
  steps: readonly BookingStep[],
): { readonly step: number; readonly of: number } {
  return { step: steps.indexOf(STEP_OF_STAGE[stage]) + 1, of: steps.length };
}

/** The order of stages, for "has the patient reached this stage yet". */
export const stageOrder = (stage: BookingStage): number => BOOKING_STAGES.indexOf(stage);

/**
 * The stage an address may show: a stage that applies and was reached already; anything else
 * (typed ahead, or no longer applying after an answer changed) shows the furthest one reached.
 */
export function stageToShow(
  requested: BookingStage,
  furthest: BookingStage,
  facts: BookingFacts,
): BookingStage {
  if (stageApplies(requested, facts) && stageOrder(requested) <= stageOrder(furthest)) {
    return requested;
  }
  if (stageApplies(furthest, facts)) return furthest;
  const before = BOOKING_STAGES.slice(0, stageOrder(furthest)).reverse();
  return before.find((stage) => stageApplies(stage, facts)) ?? 'BOOKING_FORM';
}

/** Slot taken (spec 1, section 8): the new-slot dialog only when the patient gave more than a slot. */
export function slotTakenRecovery(involved: {
  readonly insurance: boolean;
  readonly demographics: boolean;
  readonly card: boolean;
  readonly visitFee: boolean;
}): 'dialog' | 'message' {
  return involved.insurance || involved.demographics || involved.card || involved.visitFee
    ? 'dialog'
    : 'message';
}

/** The spec's failure text, with the support address at this site's host. */
export function contactSupportText(host: string): string {
  return `An error occurred while processing request. Please contact support@${host.replace(/^www\./, '')}`;
}
