import type { CalendarPreviewView } from '@medbook/contracts';
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

/** The preview as shown: the week, or why the API refused the settings, while one is asked. */
export interface WeekPreview {
  readonly week: CalendarPreviewView | null;
  readonly error: string | null;
  readonly loading: boolean;
}

/**
 * The week a calendar's edited settings would offer, asked of the API a moment after the
 * editing pauses; a newer edit drops the answer to an older one. The settings go as the PUT's
 * body would (with the week's first day), so the preview is what a save gives.
 */
export function weekPreview$(
  settings$: Observable<Record<string, unknown>>,
  fetchPreview: (body: Record<string, unknown>) => Promise<CalendarPreviewView>,
  errorText: (cause: unknown) => string,
  pauseMs = 300,
): Observable<WeekPreview> {
  let last: CalendarPreviewView | null = null;
  return settings$.pipe(
    map((body) => JSON.stringify(body)),
    distinctUntilChanged(),
    debounceTime(pauseMs),
    switchMap((body) =>
      from(fetchPreview(JSON.parse(body) as Record<string, unknown>)).pipe(
        map((week): WeekPreview => {
          last = week;
          return { week, error: null, loading: false };
        }),
        catchError((cause: unknown) =>
          of<WeekPreview>({ week: last, error: errorText(cause), loading: false }),
        ),
        startWith<WeekPreview>({ week: last, error: null, loading: true }),
      ),
    ),
  );
}
