import type { AppointmentPage, MeetingView } from '@medbook/contracts';
import { merge, type Observable } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { meetingApi } from '../api/meeting-api';

/**
 * The meeting, live: read at first, after reconnects and on demand, and again after each
 * `meeting.changed` in its room (the view is folded from the meeting's own stream, so a read
 * after a push always holds the change).
 */
export function meeting$(
  appointmentId: string,
  refresh$: Observable<void>,
): Observable<MeetingView> {
  return liveQuery$({
    read: () => meetingApi.view(appointmentId),
    pushes: roomEvent$(`meeting:${appointmentId}`, 'meeting.changed'),
    apply: () => READ_AGAIN,
    refetch$: merge(connected$, refresh$),
  });
}

/** Whether the meeting has let this participant into the call. */
export const mayEnterCall = (view: MeetingView): boolean =>
  view.status === 'started' && (view.me.role === 'Provider' || view.me.state === 'admitted');

/**
 * The provider's virtual waiting room, live: read again after every appointment status pushed
 * to the practice (a patient entering the waiting room is one) and after reconnects.
 */
export function waitingPatients$(practiceId: string): Observable<AppointmentPage> {
  return liveQuery$({
    read: (position) => meetingApi.waiting(position),
    pushes: roomEvent$(`practice:${practiceId}`, 'appointment.status'),
    apply: () => READ_AGAIN,
    refetch$: connected$,
  });
}
