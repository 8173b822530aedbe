import type { AppointmentPage, BookingResult, CheckInPassView, WeekView } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;

export const patientAppointmentsApi = {
  /**
   * The patient's and their family's appointments, newest first as the API orders them; after a
   * change of ours, as of its position at least (the read waits for the projection).
   */
  list: (minPosition?: number) =>
    api<AppointmentPage>(
      'GET',
      `/appointments/patient?pageNo=1&pageSize=100${minPosition ? `&min_position=${minPosition}` : ''}`,
    ),
  cancel: (appointmentId: string, reason?: string) =>
    api<{ position: number }>(
      'DELETE',
      `/appointments/${enc(appointmentId)}`,
      reason ? { reason } : {},
    ),
  reschedule: (appointmentId: string, startDate: string) =>
    api<BookingResult>('PUT', `/appointments/${enc(appointmentId)}/reschedule`, {
      start_date: startDate,
    }),
  checkIn: (appointmentId: string) =>
    api<{ position?: number }>('PUT', `/appointments/${enc(appointmentId)}/check-in`, {}),
  /** The pass: names, the code and the check-in window; as of a position when one is given. */
  pass: (appointmentId: string, minPosition?: number) =>
    api<CheckInPassView>(
      'GET',
      `/appointments/${enc(appointmentId)}/check-in-pass${minPosition ? `?min_position=${minPosition}` : ''}`,
    ),
  week: (calendarId: string, startDate: string) =>
    api<WeekView>('GET', `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}`),
};
