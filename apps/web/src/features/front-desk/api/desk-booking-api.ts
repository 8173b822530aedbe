import type {
  BookingResult,
  CalendarView,
  HoldView,
  WaitlistJoined,
  WeekView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import { newCommandId } from '../../../shared/command-id';

const enc = encodeURIComponent;

/** The calls the patient's wizard makes, with the patient named: the desk books for them. */
export const deskBookingApi = {
  calendar: (calendarId: string) => api<CalendarView>('GET', `/calendars/${enc(calendarId)}`),
  practiceCalendars: (practiceId: string) =>
    api<CalendarView[]>('GET', `/practices/${enc(practiceId)}/calendars`),
  week: (calendarId: string, startDate: string, minPosition: number | null = null) =>
    api<WeekView>(
      'GET',
      `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}${
        minPosition === null ? '' : `&min_position=${minPosition}`
      }`,
    ),
  hold: (calendarId: string, startDate: string, patientId: string) =>
    api<HoldView>('PUT', `/calendars/${enc(calendarId)}/slots/hold`, {
      start_date: startDate,
      patient_id: patientId,
    }),
  release: (hold: HoldView, patientId: string) =>
    api<{ position: number | null }>(
      'DELETE',
      `/calendars/${enc(hold.calendar_id)}/slots/hold/${enc(hold.hold_id)}`,
      { start_date: hold.start_date, patient_id: patientId },
    ),
  book: (body: {
    calendar_id: string;
    start_date: string;
    patient_id: string;
    hold_id?: string;
    reason?: string;
    command_id: string;
  }) => api<BookingResult>('POST', '/appointments', body),
  joinWaitlist: (calendarId: string, patientId: string) =>
    api<WaitlistJoined>('POST', '/waitlist', {
      calendar_id: calendarId,
      patient_id: patientId,
      command_id: newCommandId(),
    }),
};
