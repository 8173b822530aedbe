import type { InsuranceChoice, NoInsuranceChoice } from './booking-stages';

/** The insurance list's fixed choices and texts (spec 1 "Dialogs", spec 2 section 2.3). */
export const INSURANCE_TEXTS = {
  selfPaying: 'Self paying',
  noInsurance: "I don't have insurance",
  skip: 'Skip insurance',
  chooseLater: "I'll choose my insurance later",
  selectAgain: 'Select insurance',
  noResult: 'No Result Found. Try a different search.',
} as const;

export const NO_INSURANCE_LABELS: Record<NoInsuranceChoice, string> = {
  'self-pay': INSURANCE_TEXTS.selfPaying,
  'no-insurance': INSURANCE_TEXTS.noInsurance,
  skip: INSURANCE_TEXTS.skip,
  'choose-later': INSURANCE_TEXTS.chooseLater,
};

/** Names starting with the typed text, ignoring case. */
export function matchingInsurances(names: readonly string[], typed: string): string[] {
  const prefix = typed.trim().toLowerCase();
  return names.filter((name) => name.toLowerCase().startsWith(prefix));
}

export function insuranceLabel(choice: InsuranceChoice): string {
  return typeof choice === 'object' ? choice.insurance : NO_INSURANCE_LABELS[choice];
}
