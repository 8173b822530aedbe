import { catchError, defer, map, type Observable, of } from 'rxjs';
import { waitlistApi } from '../api/waitlist-api';

/** Spec 2.9: whether the signed-in patient is already on this calendar's list (the exists check). */
export function waitlistEnrolled$(calendarId: string): Observable<boolean> {
  return defer(() => waitlistApi.exists(calendarId)).pipe(
    map((answer) => answer.exists),
    catchError(() => of(false)),
  );
}
