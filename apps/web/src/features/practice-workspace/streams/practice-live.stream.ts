import type { NotificationCountsMessage, RoomName } from '@medbook/contracts';
import { catchError, EMPTY, filter, from, map, merge, type Observable, of, switchMap } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { workspaceApi } from '../api/workspace-api';

const practiceRoom = (practiceId: string): RoomName => `practice:${practiceId}`;

/**
 * Reads `read` at first, after every appointment change pushed to the practice (a booking is
 * one), on each `changed$` and after every reconnect. Each read waits for the highest position
 * heard (or named by `changed$`), so the list already holds the change. A failed first read is an
 * error; a failed later one keeps what is shown until the next change.
 */
export function practiceRead$<T>(
  practiceId: string,
  read: (position: number | undefined) => Promise<T>,
  changed$: Observable<unknown> = EMPTY,
): Observable<T> {
  return liveQuery$({
    read,
    pushes: roomEvent$(practiceRoom(practiceId), 'appointment.status'),
    apply: () => READ_AGAIN,
    // A change of the page's own may name its position: the read waits for it.
    refetch$: merge(
      connected$,
      changed$.pipe(map((change) => (typeof change === 'number' ? change : undefined))),
    ),
  });
}

/** The bell and requests counts: read at first and on reconnect, then pushed; the newest wins. */
export function practiceCounts$(practiceId: string): Observable<NotificationCountsMessage> {
  return liveQuery$<NotificationCountsMessage | null, NotificationCountsMessage>({
    // Without counts the bell shows none; the next push brings them.
    read: () => from(workspaceApi.notificationCounts(practiceId)).pipe(catchError(() => of(null))),
    pushes: roomEvent$(practiceRoom(practiceId), 'notification.counts'),
    apply: (latest, next) => (latest && latest.position > next.position ? latest : next),
    refetch$: connected$,
    whileReading: 'apply',
  }).pipe(filter((counts): counts is NotificationCountsMessage => counts !== null));
}

/** Each notification pushed to the practice. */
export const notificationAdded$ = (practiceId: string) =>
  roomEvent$(practiceRoom(practiceId), 'notification.added');

/** The accept/reject setting of one user's calendar (section 4.7: settings push). */
export const acceptRejectSetting$ = (practiceId: string, userId: string): Observable<boolean> =>
  roomEvent$(practiceRoom(practiceId), 'notification.settings').pipe(
    switchMap((m) => (m.userId === userId ? of(m.isAcceptRejectSettingEnabled) : EMPTY)),
  );
