import type { VisitFeedbackView } from '@medbook/contracts';
import { catchError, filter, merge, type Observable, of, shareReplay } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { reviewsApi } from '../api/reviews-api';

const shared = new Map<string, Observable<readonly VisitFeedbackView[]>>();

/**
 * The patient's completed visits with their survey links and reviews, live: read at first, after
 * every reconnect, when a visit of theirs is checked out and when its survey is sent to them
 * (their own room's `appointment.status` and `survey.invited`, read at the push's position). One
 * read for every card of the dashboard; none when it cannot be read.
 */
export function myVisits$(userId: string): Observable<readonly VisitFeedbackView[]> {
  let visits = shared.get(userId);
  if (!visits) {
    visits = liveQuery$({
      read: (minPosition) => reviewsApi.myVisits(minPosition),
      pushes: merge(
        roomEvent$(`user:${userId}`, 'survey.invited'),
        roomEvent$(`user:${userId}`, 'appointment.status').pipe(
          filter((m) => m.status === 'Checked-Out'),
        ),
      ),
      apply: () => READ_AGAIN,
      refetch$: connected$,
    }).pipe(
      catchError(() => of([] as readonly VisitFeedbackView[])),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
    shared.set(userId, visits);
  }
  return visits;
}
