import type { WaitlistItemView } from '@medbook/contracts';
import { from, merge, type Observable, of, type Subject, switchMap } from 'rxjs';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { waitlistApi } from '../api/waitlist-api';

/**
 * The patient's waiting lists, live: fetched at first, on demand, after every reconnect and on
 * every `waitlist.offer` pushed to their own room (an offer made, accepted, declined or expired).
 */
export function patientWaitlist$(
  userId: string,
  refresh$: Subject<void>,
): Observable<readonly WaitlistItemView[]> {
  return merge(
    of(undefined),
    refresh$,
    connected$,
    roomEvent$(`user:${userId}`, 'waitlist.offer'),
  ).pipe(switchMap(() => from(waitlistApi.list(userId))));
}
