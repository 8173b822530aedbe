import type { WaitlistItemView } from '@medbook/contracts';
import { merge, type Observable } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { practiceWaitlistsApi } from '../api/practice-waitlists-api';

/**
 * The practice's waiting lists, live: read at first, after every reconnect, at a command's
 * position (to read its write), and again on each `waitlist.changed` pushed to the practice (a
 * patient joined or left, an offer was made or ended, wherever it happened).
 */
export function practiceWaitlists$(
  practiceId: string,
  refresh$: Observable<number | void>,
): Observable<readonly WaitlistItemView[]> {
  return liveQuery$({
    read: (minPosition) => practiceWaitlistsApi.list(practiceId, minPosition),
    pushes: roomEvent$(`practice:${practiceId}`, 'waitlist.changed'),
    apply: () => READ_AGAIN,
    refetch$: merge(connected$, refresh$),
  });
}
