/**
 * The booking wizard's stages and skip rules (spec 1, section 4 "Booking wizard stages").
 * Pure: what to show next depends only on what the calendar asks for and what is known so far.
 */
export const BOOKING_STAGES = [
  'SCREENING_FORM',
  'BOOKING_FORM',
  'SMS_VERIFICATION',
  'PATIENT_DEMOGRAPHICS',
  'INSURANCE',
  'INSURANCE_CONFIRMATION',
  'VERIFY_ELIGIBILITY',
  'ADD_CARD',
  'PAY_PAL',
  'PAYMENT',
  'BOOK_APPOINTMENT',
] as const;
export type BookingStage = (typeof BOOKING_STAGES)[number];

/** Insurance values that count as none (spec: choose-later, skip, self-pay, don't-have). */
export const NO_INSURANCE_CHOICES = ['choose-later', 'skip', 'self-pay', 'no-insurance'] as const;
export type NoInsuranceChoice = (typeof NO_INSURANCE_CHOICES)[number];
export type InsuranceChoice = NoInsuranceChoice | { readonly insurance: string };

export interface BookingFacts {
  readonly calendar: {
    readonly customFormIds: readonly string[];
    readonly collectPatientDemographics: boolean;
    readonly enableInsurance: boolean;
    readonly enableInsuranceEligibility: boolean;
  };
  /** A specific reason was chosen that needs its own screening. */
  readonly reasonNeedsScreening: boolean;
  readonly mobileVerified: boolean;
  /** Null until the patient has answered the insurance question. */
  readonly insurance: InsuranceChoice | null;
  readonly payment: {
    readonly cardOnFile: boolean;
    readonly payPal: boolean;
    readonly visitFee: boolean;
  };
}

export function hasRealInsurance(choice: InsuranceChoice | null): boolean {
  return choice !== null && typeof choice === 'object';
}

/** Whether a stage is part of this booking at all. */
export function stageApplies(stage: BookingStage, facts: BookingFacts): boolean {
  switch (stage) {
    case 'SCREENING_FORM':
      return facts.calendar.customFormIds.length > 0 || facts.reasonNeedsScreening;
    case 'BOOKING_FORM':
    case 'BOOK_APPOINTMENT':
      return true;
    case 'SMS_VERIFICATION':
      return !facts.mobileVerified;
    case 'PATIENT_DEMOGRAPHICS':
      return facts.calendar.collectPatientDemographics;
    case 'INSURANCE':
      return facts.calendar.enableInsurance;
    case 'INSURANCE_CONFIRMATION':
      return facts.calendar.enableInsurance && hasRealInsurance(facts.insurance);
    case 'VERIFY_ELIGIBILITY':
      return (
        facts.calendar.enableInsurance &&
        facts.calendar.enableInsuranceEligibility &&
        hasRealInsurance(facts.insurance)
      );
    case 'ADD_CARD':
      return facts.payment.cardOnFile;
    case 'PAY_PAL':
      return facts.payment.payPal;
    case 'PAYMENT':
      return facts.payment.visitFee;
  }
}

/** The first stage of the wizard once the slot is held. */
export function firstStage(facts: BookingFacts): BookingStage {
  return stageApplies('SCREENING_FORM', facts) ? 'SCREENING_FORM' : 'BOOKING_FORM';
}

/** The stage after `current`, skipping those that do not apply; BOOK_APPOINTMENT is the last. */
export function nextStage(current: BookingStage, facts: BookingFacts): BookingStage {
  const from = BOOKING_STAGES.indexOf(current);
  const next = BOOKING_STAGES.slice(from + 1).find((stage) => stageApplies(stage, facts));
  return next ?? 'BOOK_APPOINTMENT';
}

/** The stage before `current` that applies (for Back), or null at the start. */
export function previousStage(current: BookingStage, facts: BookingFacts): BookingStage | null {
  const before = BOOKING_STAGES.slice(0, BOOKING_STAGES.indexOf(current)).reverse();
  return before.find((stage) => stageApplies(stage, facts)) ?? null;
}
