import type {
  AppointmentStatus,
  BookingResult,
  ScheduleAppointmentDetail,
  ScheduleView,
  ScheduleViewKind,
  WeekView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;

/** What the grid shows: a day of the practice, or one calendar's week. */
export interface ScheduleParams {
  readonly date: string;
  readonly view: ScheduleViewKind;
  readonly calendarId?: string;
}

function scheduleQuery(params: ScheduleParams, position?: number): string {
  const query = new URLSearchParams({ date: params.date, view: params.view });
  if (params.calendarId) query.set('calendar_id', params.calendarId);
  if (position) query.set('min_position', String(position));
  return query.toString();
}

export const scheduleApi = {
  schedule: (practiceId: string, params: ScheduleParams, position?: number) =>
    api<ScheduleView>(
      'GET',
      `/practices/${enc(practiceId)}/schedule?${scheduleQuery(params, position)}`,
    ),
  appointment: (practiceId: string, appointmentId: string, position?: number) =>
    api<ScheduleAppointmentDetail>(
      'GET',
      `/practices/${enc(practiceId)}/schedule/appointments/${enc(appointmentId)}${position ? `?min_position=${position}` : ''}`,
    ),
  /** A rejection carries its reason (the patient sees it on their appointment). */
  changeStatus: (appointmentId: string, status: AppointmentStatus, reason?: string) =>
    api<{ position: number }>('PUT', `/appointments/${enc(appointmentId)}/status`, {
      status,
      ...(reason ? { reason } : {}),
    }),
  reschedule: (appointmentId: string, startDate: string) =>
    api<BookingResult>('PUT', `/appointments/${enc(appointmentId)}/reschedule`, {
      start_date: startDate,
    }),
  week: (calendarId: string, startDate: string) =>
    api<WeekView>('GET', `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}`),
};
