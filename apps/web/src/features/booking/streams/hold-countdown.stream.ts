import { DateTime } from 'luxon';
import { distinctUntilChanged, map, type Observable, takeWhile, timer } from 'rxjs';
import { minutesLeft } from '../slot-time';

/**
 * Whole minutes left on a hold, down to 0. Checked each second so the minute turns over on
 * time, but only a changed minute is emitted.
 */
export function holdMinutesLeft$(expiresAt: string, checkMs = 1_000): Observable<number> {
  return timer(0, checkMs).pipe(
    map(() => minutesLeft(expiresAt, DateTime.now())),
    distinctUntilChanged(),
    takeWhile((left) => left > 0, true),
  );
}
