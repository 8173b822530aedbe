import type { NotificationCountsMessage, RoomName } from '@medbook/contracts';
import {
  catchError,
  EMPTY,
  from,
  map,
  merge,
  type Observable,
  of,
  scan,
  startWith,
  switchMap,
  throwError,
} from 'rxjs';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { workspaceApi } from '../api/workspace-api';

const practiceRoom = (practiceId: string): RoomName => `practice:${practiceId}`;

/**
 * Reads `read` at first, after every appointment change pushed to the practice (a booking is
 * one) and after every reconnect. Each read waits for the highest position heard, so the list
 * already holds the change that was pushed. A failed first read is an error; a failed later one
 * keeps what is shown until the next change.
 */
export function practiceRead$<T>(
  practiceId: string,
  read: (position: number | undefined) => Promise<T>,
  extra$: Observable<unknown> = EMPTY,
): Observable<T> {
  let highest = 0;
  return merge(
    roomEvent$(practiceRoom(practiceId), 'appointment.status').pipe(map((m) => m.position)),
    connected$.pipe(map(() => undefined)),
    extra$.pipe(map(() => undefined)),
  ).pipe(
    startWith(undefined),
    map((position) => {
      if (position && position > highest) highest = position;
      return highest || undefined;
    }),
    switchMap((position, index) =>
      from(read(position)).pipe(
        catchError((error: unknown) => (index === 0 ? throwError(() => error) : EMPTY)),
      ),
    ),
  );
}

/** The bell and requests counts: read at first and on reconnect, then pushed; the latest wins. */
export function practiceCounts$(practiceId: string): Observable<NotificationCountsMessage> {
  const read$ = merge(of(undefined), connected$).pipe(
    switchMap(() =>
      from(workspaceApi.notificationCounts(practiceId)).pipe(catchError(() => EMPTY)),
    ),
  );
  return merge(read$, roomEvent$(practiceRoom(practiceId), 'notification.counts')).pipe(
    scan<NotificationCountsMessage, NotificationCountsMessage | null>(
      (latest, next) => (latest && latest.position > next.position ? latest : next),
      null,
    ),
    map((latest) => latest!),
  );
}

/** Each notification pushed to the practice. */
export const notificationAdded$ = (practiceId: string) =>
  roomEvent$(practiceRoom(practiceId), 'notification.added');

/** The accept/reject setting of one user's calendar (section 4.7: settings push). */
export const acceptRejectSetting$ = (practiceId: string, userId: string): Observable<boolean> =>
  roomEvent$(practiceRoom(practiceId), 'notification.settings').pipe(
    switchMap((m) => (m.userId === userId ? of(m.isAcceptRejectSettingEnabled) : EMPTY)),
  );
