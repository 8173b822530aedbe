import type { AppointmentStatus, KioskLookupResult } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;

export const kioskApi = {
  /** Today's visits of the practice that match the query (see kioskQuery). */
  find: (practiceId: string, query: string) =>
    api<KioskLookupResult>('GET', `/practices/${enc(practiceId)}/kiosk/appointments?${query}`),
  /** Checks the patient in at the door: the calendar's window applies. */
  checkIn: (appointmentId: string) =>
    api<{ position: number; status: AppointmentStatus }>(
      'PUT',
      `/kiosk/appointments/${enc(appointmentId)}/check-in`,
      {},
    ),
};
