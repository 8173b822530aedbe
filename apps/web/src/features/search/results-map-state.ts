import { BehaviorSubject, type Observable } from 'rxjs';

const shown = new BehaviorSubject(false);

/**
 * Whether the results are shown on a map: the header's Map button (spec 2.11) turns it on and
 * off, the results page below shows it; it stays as it is across searches.
 */
export const resultsMapShown$: Observable<boolean> = shown.asObservable();

export function toggleResultsMap(): void {
  shown.next(!shown.value);
}
