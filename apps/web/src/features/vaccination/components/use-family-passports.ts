import type { FamilyPassportView } from '@medbook/contracts';
import { useEffect, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { familyPassports } from '../api/vaccination-api';

export type FamilyPassports =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'loaded'; readonly people: readonly FamilyPassportView[] };

/** The signed-in patient's household with their passports, asked once per page. */
export function useFamilyPassports(patientId: string): FamilyPassports {
  const [state, setState] = useState<FamilyPassports>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    familyPassports(patientId).then(
      (people) => live && setState({ kind: 'loaded', people }),
      (error: unknown) =>
        live &&
        setState({
          kind: 'failed',
          message: errorMessageOf(error, 'Your vaccination passport could not be loaded.'),
        }),
    );
    return () => {
      live = false;
    };
  }, [patientId]);
  return state;
}
