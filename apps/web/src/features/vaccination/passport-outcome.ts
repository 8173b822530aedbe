import { type FamilyPassportView, VACCINE_PASSPORT_PATHS } from '@medbook/contracts';

/**
 * Where the passport flow goes once the family's passports are known (spec 0, section 4: more
 * than one member goes to the family page; none with a record goes to no-record). Ours: one
 * person with a passport sees it at /vaccine-passport itself rather than on the dashboard.
 */
export function passportOutcome(
  people: readonly FamilyPassportView[],
):
  | { kind: 'family'; to: string }
  | { kind: 'own'; person: FamilyPassportView }
  | { kind: 'none'; to: string } {
  if (people.length > 1) return { kind: 'family', to: VACCINE_PASSPORT_PATHS.family };
  const [only] = people;
  if (only?.passport) return { kind: 'own', person: only };
  return { kind: 'none', to: VACCINE_PASSPORT_PATHS.noRecord };
}
