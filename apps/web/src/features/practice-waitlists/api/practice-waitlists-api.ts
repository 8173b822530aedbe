import type { WaitlistActionResult, WaitlistItemView, WeekView } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;

export const practiceWaitlistsApi = {
  /** Every calendar's line of the practice, in order; after a change, as of its position. */
  list: (practiceId: string, minPosition?: number) =>
    api<WaitlistItemView[]>(
      'GET',
      `/practices/${enc(practiceId)}/waitlist${minPosition ? `?min_position=${minPosition}` : ''}`,
    ),
  /** The calendar's slots of the five days from `startDate` (free ones can be offered). */
  week: (calendarId: string, startDate: string) =>
    api<WeekView>('GET', `/calendars/${enc(calendarId)}/week?start_date=${enc(startDate)}`),
  offer: (calendarId: string, patientId: string, startDate: string) =>
    api<WaitlistActionResult>('POST', `/calendars/${enc(calendarId)}/waitlist/offers`, {
      patient_id: patientId,
      start_date: startDate,
    }),
  remove: (calendarId: string, patientId: string, reason: string) =>
    api<WaitlistActionResult>(
      'DELETE',
      `/calendars/${enc(calendarId)}/waitlist/${enc(patientId)}`,
      reason ? { reason } : undefined,
    ),
};
