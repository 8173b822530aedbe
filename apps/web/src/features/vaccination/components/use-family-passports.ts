import type { FamilyPassportView } from '@medbook/contracts';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { familyPassports$ } from '../streams/family-passports.stream';

export type FamilyPassports =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'loaded'; readonly people: readonly FamilyPassportView[] };

/** The signed-in patient's household with their passports, kept current while on screen. */
export function useFamilyPassports(patientId: string): FamilyPassports {
  const [state, setState] = useState<FamilyPassports>({ kind: 'loading' });
  useEffect(() => {
    const subscription = familyPassports$(patientId).subscribe({
      next: (people) => setState({ kind: 'loaded', people }),
      error: (error: unknown) =>
        setState({
          kind: 'failed',
          message: errorMessageOf(error, 'Your vaccination passport could not be loaded.'),
        }),
    });
    return () => subscription.unsubscribe();
  }, [patientId]);
  return state;
}
