import type {
  BookingResult,
  CalendarView,
  PracticeView,
  WaitlistExistsView,
  WaitlistItemView,
  WaitlistJoined,
  WaitlistType,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;

export const waitlistApi = {
  join: (calendarId: string, type: WaitlistType) =>
    api<WaitlistJoined>('POST', '/waitlist', { calendar_id: calendarId, type }),
  exists: (calendarId: string) =>
    api<WaitlistExistsView>('GET', `/waitlist/exists?calendar_id=${enc(calendarId)}`),
  list: (patientId: string, minPosition?: number) =>
    api<WaitlistItemView[]>(
      'GET',
      `/waitlist/patients/${enc(patientId)}${minPosition ? `?min_position=${minPosition}` : ''}`,
    ),
  leave: (calendarId: string) => api<unknown>('DELETE', `/waitlist/calendars/${enc(calendarId)}`),
  accept: (offerId: string) => api<BookingResult>('PUT', `/waitlist/offers/${enc(offerId)}/accept`),
  decline: (offerId: string) => api<unknown>('PUT', `/waitlist/offers/${enc(offerId)}/decline`),
  calendar: (calendarId: string) => api<CalendarView>('GET', `/calendars/${enc(calendarId)}`),
  practiceName: (practiceId: string) =>
    api<PracticeView>('GET', `/practices/${enc(practiceId)}`).then((p) => p.name),
};
