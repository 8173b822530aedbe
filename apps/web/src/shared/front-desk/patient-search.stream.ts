import type { PracticePatientView } from '@medbook/contracts';
import {
  catchError,
  debounceTime,
  distinctUntilChanged,
  from,
  map,
  NEVER,
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
 * query drops the answer of an older one. Each position on `refresh$` (a change the desk just
 * made) searches the same text again at that position, keeping the results on screen meanwhile.
 */
export function patientSearch$(
  practiceId: string,
  typed$: Observable<string>,
  waitMs = 200,
  refresh$: Observable<number> = NEVER,
): Observable<PatientSearchState> {
  const search = (q: string, minPosition?: number) =>
    from(patientsApi.search(practiceId, q, minPosition)).pipe(
      map(({ patients }): PatientSearchState => ({ kind: 'found', q, patients })),
      catchError((cause: unknown) =>
        of<PatientSearchState>({ kind: 'failed', q, error: errorMessageOf(cause) }),
      ),
    );
  return typed$.pipe(
    map((q) => q.trim()),
    debounceTime(waitMs),
    distinctUntilChanged(),
    switchMap((q): Observable<PatientSearchState> =>
      q.length < MIN_QUERY
        ? of({ kind: 'idle' })
        : refresh$.pipe(
            startWith<number | null>(null),
            switchMap((position) =>
              position === null
                ? search(q).pipe(startWith<PatientSearchState>({ kind: 'searching', q }))
                : search(q, position),
            ),
          ),
    ),
    startWith<PatientSearchState>({ kind: 'idle' }),
  );
}
