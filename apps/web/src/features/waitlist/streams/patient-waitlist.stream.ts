import type { WaitlistItemView } from '@medbook/contracts';
import { merge, type Observable } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { waitlistApi } from '../api/waitlist-api';

/**
 * The patient's waiting lists, live: read at first, on demand (at a command's position, to read
 * its write), after every reconnect, and again on every `waitlist.offer` (an offer made,
 * accepted, declined or expired) and `waitlist.changed` (a join, a leave, a removal by the
 * practice) pushed to their own room.
 */
export function patientWaitlist$(
  userId: string,
  refresh$: Observable<number | void>,
): Observable<readonly WaitlistItemView[]> {
  return liveQuery$({
    read: (minPosition) => waitlistApi.list(userId, minPosition),
    pushes: merge(
      roomEvent$(`user:${userId}`, 'waitlist.offer'),
      roomEvent$(`user:${userId}`, 'waitlist.changed'),
    ),
    apply: () => READ_AGAIN,
    refetch$: merge(connected$, refresh$),
  });
}
