import type { PracticePatientView } from '@medbook/contracts';
import {
  catchError,
  debounceTime,
  distinctUntilChanged,
  from,
  map,
  type Observable,
  of,
  startWith,
  switchMap,
} from 'rxjs';
import { errorMessageOf } from '../error-message';
import { patientsApi } from './patients-api';

export type PatientSearchState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'searching'; readonly q: string }
  | {
      readonly kind: 'found';
      readonly q: string;
      readonly patients: readonly PracticePatientView[];
    }
  | { readonly kind: 'failed'; readonly q: string; readonly error: string };

/** Shortest text the API searches by. */
export const MIN_QUERY = 2;

/**
 * What was typed, as search results: typing settles for `waitMs` before a search, and a newer
 * query drops the answer of an older one.
 */
export function patientSearch$(
  practiceId: string,
  typed$: Observable<string>,
  waitMs = 200,
): Observable<PatientSearchState> {
  return typed$.pipe(
    map((q) => q.trim()),
    debounceTime(waitMs),
    distinctUntilChanged(),
    switchMap((q): Observable<PatientSearchState> =>
      q.length < MIN_QUERY
        ? of({ kind: 'idle' })
        : from(patientsApi.search(practiceId, q)).pipe(
            map(({ patients }): PatientSearchState => ({ kind: 'found', q, patients })),
            catchError((cause: unknown) =>
              of<PatientSearchState>({ kind: 'failed', q, error: errorMessageOf(cause) }),
            ),
            startWith<PatientSearchState>({ kind: 'searching', q }),
          ),
    ),
    startWith<PatientSearchState>({ kind: 'idle' }),
  );
}
