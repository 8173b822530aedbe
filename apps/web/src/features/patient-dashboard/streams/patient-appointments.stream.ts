import type { AppointmentView, RoomName } from '@medbook/contracts';
import {
  from,
  map,
  merge,
  type Observable,
  of,
  scan,
  startWith,
  type Subject,
  switchMap,
  tap,
} from 'rxjs';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { patientAppointmentsApi } from '../api/patient-appointments-api';
import { applyStatus } from '../appointment-sections';

/**
 * The patient's appointments, live: fetched at first, on demand and after every reconnect, then
 * kept current by `appointment.status` messages; a message about an unknown one refetches. A
 * refresh after a change of the patient's own names that change's position: the refetch reads
 * it (its live message may come while the refetch is on its way, and would be lost).
 */
export function patientAppointments$(
  userId: string,
  refresh$: Subject<number | void>,
): Observable<readonly AppointmentView[]> {
  return merge(of(undefined), refresh$, connected$.pipe(map(() => undefined))).pipe(
    switchMap((minPosition) =>
      from(patientAppointmentsApi.list(typeof minPosition === 'number' ? minPosition : undefined)),
    ),
    switchMap((page) => {
      const rooms: RoomName[] = [
        `user:${userId}`,
        ...page.appointments.map((a): RoomName => `appointment:${a.appointment_id}`),
      ];
      return merge(...rooms.map((room) => roomEvent$(room, 'appointment.status'))).pipe(
        scan(
          (state, message) => {
            const next = applyStatus(state.list, message);
            return { list: next.list, unknown: !next.known };
          },
          { list: page.appointments, unknown: false },
        ),
        tap((state) => {
          if (state.unknown) refresh$.next();
        }),
        startWith({ list: page.appointments, unknown: false }),
      );
    }),
    map((state) => state.list),
  );
}
