import type { CheckInSummaryView, DigitalCheckInView } from '@medbook/contracts';
import { filter, merge, type Observable } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { digitalCheckInApi } from '../api/digital-check-in-api';

/**
 * The day's Check-In Summary, live: read at first, after reconnects and on demand, and read again
 * (at least as new as the push) whenever `check-in.summary` says a row of the practice changed.
 */
export function checkInSummary$(
  practiceId: string,
  date: string,
  refresh$: Observable<void>,
): Observable<CheckInSummaryView> {
  return liveQuery$({
    read: (minPosition) => digitalCheckInApi.summary(practiceId, date, minPosition),
    pushes: roomEvent$(`practice:${practiceId}`, 'check-in.summary'),
    apply: () => READ_AGAIN,
    refetch$: merge(connected$, refresh$),
  });
}

/**
 * The patient's own steps, read again when a consent, the copay, the arrival, the practice's
 * word to come in or the vendor's copy changes.
 */
export function patientCheckIn$(
  appointmentId: string,
  refresh$: Observable<number | void>,
): Observable<DigitalCheckInView> {
  const room = `appointment:${appointmentId}` as const;
  return liveQuery$({
    read: (minPosition) => digitalCheckInApi.view(appointmentId, minPosition),
    pushes: merge(
      roomEvent$(room, 'check-in.consent'),
      roomEvent$(room, 'check-in.copay'),
      roomEvent$(room, 'check-in.arrived'),
      roomEvent$(room, 'check-in.ready'),
      roomEvent$(room, 'check-in.added'),
      roomEvent$(room, 'check-in.summary').pipe(filter((m) => m.appointment_id === appointmentId)),
    ),
    apply: () => READ_AGAIN,
    refetch$: merge(connected$, refresh$),
  });
}

/** Arrivals the practice's users are to be alerted of (the provider's arrival notification). */
export const arrivalNotices$ = (practiceId: string) =>
  roomEvent$(`practice:${practiceId}`, 'check-in.arrived').pipe(filter((m) => m.notify === true));
