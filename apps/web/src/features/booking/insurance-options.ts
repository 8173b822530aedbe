import { NO_INSURANCE_TEXTS } from '@medbook/contracts';
import type { InsuranceChoice, NoInsuranceChoice } from './booking-stages';

/** The insurance list's fixed choices and texts (spec 1 "Dialogs", spec 2 section 2.3). */
export const INSURANCE_TEXTS = {
  selfPaying: NO_INSURANCE_TEXTS['self-pay'],
  noInsurance: NO_INSURANCE_TEXTS['no-insurance'],
  skip: NO_INSURANCE_TEXTS.skip,
  chooseLater: NO_INSURANCE_TEXTS['choose-later'],
  selectAgain: 'Select insurance',
  noResult: 'No Result Found. Try a different search.',
} as const;

export const NO_INSURANCE_LABELS: Readonly<Record<NoInsuranceChoice, string>> = NO_INSURANCE_TEXTS;

/** Names starting with the typed text, ignoring case. */
export function matchingInsurances(names: readonly string[], typed: string): string[] {
  const prefix = typed.trim().toLowerCase();
  return names.filter((name) => name.toLowerCase().startsWith(prefix));
}

export function insuranceLabel(choice: InsuranceChoice): string {
  return typeof choice === 'object' ? choice.insurance : NO_INSURANCE_LABELS[choice];
}
