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
 * kept current by `appointment.status` messages; a message about an unknown one refetches.
 */
export function patientAppointments$(
  userId: string,
  refresh$: Subject<void>,
): Observable<readonly AppointmentView[]> {
  return merge(of(undefined), refresh$, connected$).pipe(
    switchMap(() => from(patientAppointmentsApi.list())),
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
