import type { AppointmentStatusMessage, AppointmentView } from '@medbook/contracts';
import { distinctUntilChanged, map, merge, type Observable, switchMap } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { patientAppointmentsApi } from '../api/patient-appointments-api';
import { applyStatus } from '../appointment-sections';

/**
 * The patient's appointments, live: read at first, on demand and after every reconnect, then
 * kept current by `appointment.status` messages (to the patient, and to each appointment held);
 * a message about an unknown one reads again. A refresh after the patient's own change names that
 * change's position: the read holds it (its live message may come while the read is on its way).
 */
export function patientAppointments$(
  userId: string,
  refresh$: Observable<number | void>,
): Observable<readonly AppointmentView[]> {
  return liveQuery$<readonly AppointmentView[], AppointmentStatusMessage>({
    read: (minPosition) => patientAppointmentsApi.list(minPosition).then((p) => p.appointments),
    pushes: (held$) =>
      merge(
        roomEvent$(`user:${userId}`, 'appointment.status'),
        held$.pipe(
          map((list) => list.map((a) => a.appointment_id).join(' ')),
          distinctUntilChanged(),
          switchMap((ids) =>
            merge(
              ...ids
                .split(' ')
                .filter(Boolean)
                .map((id) => roomEvent$(`appointment:${id}`, 'appointment.status')),
            ),
          ),
        ),
      ),
    apply: (list, message) => {
      const next = applyStatus(list, message);
      return next.known ? next.list : READ_AGAIN;
    },
    refetch$: merge(connected$, refresh$),
  });
}
