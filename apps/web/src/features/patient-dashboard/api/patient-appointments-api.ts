import type { AppointmentPage, BookingResult, WeekView } from '@medbook/contracts';
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
  week: (calendarId: string, startDate: string) =>
    api<WeekView>('GET', `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}`),
};
