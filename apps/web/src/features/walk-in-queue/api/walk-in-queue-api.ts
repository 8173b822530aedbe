import type {
  AppointmentStatus,
  BookingResult,
  CalendarView,
  PatientsInQueueView,
  PracticeWalkInQueue,
  QueuePositionView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;
const after = (position?: number) => (position ? `min_position=${position}` : '');

export const walkInQueueApi = {
  /** The practice's board; a provider's own queue with `providerId`. */
  board: (practiceId: string, providerId?: string, position?: number) => {
    const query = [providerId ? `provider_id=${enc(providerId)}` : '', after(position)]
      .filter(Boolean)
      .join('&');
    return api<PracticeWalkInQueue>(
      'GET',
      `/practices/${enc(practiceId)}/walk-in-queue${query ? `?${query}` : ''}`,
    );
  },
  myPosition: (appointmentId: string, position?: number) =>
    api<QueuePositionView>(
      'GET',
      `/appointments/${enc(appointmentId)}/queue-position${position ? `?${after(position)}` : ''}`,
    ),
  patientsInQueue: (providerId: string) =>
    api<PatientsInQueueView>('GET', `/providers/${enc(providerId)}/patients-in-queue`),
  /** The practice's calendars: a walk-in joins the queue of one provider's calendar. */
  calendars: (practiceId: string) =>
    api<CalendarView[]>('GET', `/practices/${enc(practiceId)}/calendars`),
  /** A walk-in booked at the desk for the patient named (the same call patients make). */
  addWalkIn: (body: {
    calendar_id: string;
    patient_id: string;
    reason?: string;
    command_id: string;
  }) => api<BookingResult>('POST', '/appointments/walk-in', body),
  /** Moves a walk-in through the existing status route. */
  changeStatus: (appointmentId: string, status: AppointmentStatus) =>
    api<{ position: number }>('PUT', `/appointments/${enc(appointmentId)}/status`, { status }),
};

/** The logout dialog's number; 0 when it cannot be read, so logging out is never blocked. */
export const patientsInQueue = (providerId: string): Promise<number> =>
  walkInQueueApi.patientsInQueue(providerId).then(
    (view) => view.patients_in_queue,
    () => 0,
  );
