import { DateTime } from 'luxon';
import { distinctUntilChanged, map, type Observable, takeWhile, timer } from 'rxjs';

/** Whole minutes left on a hold, down to 0; checked each second, emitted when it changes. */
export function holdMinutesLeft$(expiresAt: string, checkMs = 1_000): Observable<number> {
  return timer(0, checkMs).pipe(
    map(() =>
      Math.max(0, Math.ceil(DateTime.fromISO(expiresAt).diff(DateTime.now(), 'minutes').minutes)),
    ),
    distinctUntilChanged(),
    takeWhile((left) => left > 0, true),
  );
}
