import { catchError, map, type Observable, of } from 'rxjs';

/** The latest value of a stream, or how it failed. */
export type Settled<T> =
  | { readonly value: T; readonly error?: undefined }
  | { readonly value?: undefined; readonly error: unknown };

/**
 * A stream's failure as state, for `useObservableState` (which leaves errors to the console):
 * a screen shows the failure where the value would be.
 */
export function settled<T>(source$: Observable<T>): Observable<Settled<T>> {
  return source$.pipe(
    map((value): Settled<T> => ({ value })),
    catchError((error: unknown) => of<Settled<T>>({ error })),
  );
}
