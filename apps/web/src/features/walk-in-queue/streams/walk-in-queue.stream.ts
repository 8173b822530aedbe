import type { PracticeWalkInQueue, QueueIndexMessage, QueuePositionView } from '@medbook/contracts';
import {
  concatMap,
  distinctUntilChanged,
  filter,
  from,
  map,
  merge,
  type Observable,
  of,
  scan,
  switchMap,
  type Subject,
} from 'rxjs';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { walkInQueueApi } from '../api/walk-in-queue-api';

/**
 * The practice's board, live: fetched at first, on demand and after every reconnect, then fetched
 * again (at the pushed position, so it is never older) whenever `walk-in.queue` says a provider's
 * queue changed. Names are read by the API, so the push itself carries none.
 */
export function practiceQueue$(
  practiceId: string,
  providerId: string | undefined,
  refresh$: Subject<void>,
): Observable<PracticeWalkInQueue> {
  const pushes$ = roomEvent$(`practice:${practiceId}`, 'walk-in.queue');
  const triggers$ = merge(
    of(undefined),
    refresh$.pipe(map(() => undefined)),
    connected$.pipe(map(() => undefined)),
    pushes$.pipe(
      map((message) =>
        !providerId || message.providerId === providerId ? message.position : null,
      ),
    ),
  );
  return triggers$.pipe(
    // In order: a later push's read waits for the earlier one, so the newest answer lands last.
    concatMap((position) =>
      position === null
        ? of(null)
        : from(walkInQueueApi.board(practiceId, providerId, position ?? undefined)),
    ),
    scan<PracticeWalkInQueue | null, PracticeWalkInQueue | null>(
      (last, next) => (next && (!last || next.position >= last.position) ? next : last),
      null,
    ),
    switchMap((board) => (board ? of(board) : of())),
  );
}

type Seen =
  | { readonly kind: 'read'; readonly view: QueuePositionView }
  | { readonly kind: 'push'; readonly message: QueueIndexMessage };

/** The newer of what we hold and what arrived, by global position. */
export function applyQueueIndex(
  view: QueuePositionView,
  message: QueueIndexMessage,
): QueuePositionView {
  if (message.appointmentId !== view.appointment_id || message.position < view.position)
    return view;
  return {
    ...view,
    status: message.status,
    queue_index: message.queueIndex,
    patients_in_queue: message.patientsInQueue,
    in_queue: message.queueIndex !== null,
    position: message.position,
  };
}

/**
 * A walk-in patient's place in line, live: the appointment's room is joined while the place is
 * read (and again after reconnects), and each `walk-in.queue-index` push moves it; the newest
 * position wins, so a push that beats the first read is not lost.
 */
export function queuePosition$(appointmentId: string): Observable<QueuePositionView> {
  return merge(of(undefined), connected$).pipe(
    switchMap(() =>
      merge(
        roomEvent$(`appointment:${appointmentId}`, 'walk-in.queue-index').pipe(
          map((message): Seen => ({ kind: 'push', message })),
        ),
        from(walkInQueueApi.myPosition(appointmentId)).pipe(
          map((view): Seen => ({ kind: 'read', view })),
        ),
      ).pipe(
        scan(
          (state, seen) => {
            if (seen.kind === 'push')
              return state.view
                ? { ...state, view: applyQueueIndex(state.view, seen.message) }
                : { ...state, early: [...state.early, seen.message] };
            return { view: state.early.reduce(applyQueueIndex, seen.view), early: [] };
          },
          { view: null as QueuePositionView | null, early: [] as QueueIndexMessage[] },
        ),
        map((state) => state.view),
        filter((view): view is QueuePositionView => view !== null),
        distinctUntilChanged(),
      ),
    ),
  );
}
