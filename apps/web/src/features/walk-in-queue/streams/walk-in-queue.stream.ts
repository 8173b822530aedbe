import type { PracticeWalkInQueue, QueueIndexMessage, QueuePositionView } from '@medbook/contracts';
import { filter, merge, type Observable } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { walkInQueueApi } from '../api/walk-in-queue-api';

/**
 * The practice's board, live: read at first, on demand and after every reconnect, then read
 * again (at the pushed position, so it is never older) whenever `walk-in.queue` says a provider's
 * queue changed. Names are read by the API, so the push itself carries none.
 */
export function practiceQueue$(
  practiceId: string,
  providerId: string | undefined,
  refresh$: Observable<void>,
): Observable<PracticeWalkInQueue> {
  return liveQuery$({
    read: (minPosition) => walkInQueueApi.board(practiceId, providerId, minPosition),
    pushes: roomEvent$(`practice:${practiceId}`, 'walk-in.queue').pipe(
      filter((message) => !providerId || message.providerId === providerId),
    ),
    apply: () => READ_AGAIN,
    refetch$: merge(connected$, refresh$),
  });
}

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
 * A walk-in patient's place in line, live: read at first and after reconnects, and moved by each
 * `walk-in.queue-index` push; the newest position wins, so a push that beats a read is not lost.
 */
export function queuePosition$(appointmentId: string): Observable<QueuePositionView> {
  return liveQuery$({
    read: (minPosition) => walkInQueueApi.myPosition(appointmentId, minPosition),
    pushes: roomEvent$(`appointment:${appointmentId}`, 'walk-in.queue-index'),
    apply: applyQueueIndex,
    refetch$: connected$,
    whileReading: 'apply',
  });
}
