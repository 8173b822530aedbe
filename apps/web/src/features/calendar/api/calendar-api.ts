import type { WeekView } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

/** What the widget needs of a calendar's settings (GET /calendars/:id). */
export interface CalendarSummary {
  readonly calendar_id: string;
  readonly provider_id: string | null;
  readonly facility_id: string;
  readonly time_zone: string;
  readonly visit_type: 'Office' | 'Telehealth' | 'Resource';
  readonly online_booking_disabled: boolean;
  readonly wait_list_enabled: boolean;
}

const query = (values: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Five days from `start` (today when absent); `minPosition` waits until that event is applied. */
export function getWeek(
  calendarId: string,
  start: string | undefined,
  minPosition: number | undefined,
): Promise<WeekView> {
  return api<WeekView>(
    'GET',
    `/calendars/${calendarId}/week${query({ start_date: start, min_position: minPosition })}`,
  );
}

/** The first day with a free slot on or after `from` (today when absent), or null. */
export async function getNextAvailableDay(
  calendarId: string,
  from: string | undefined,
): Promise<string | null> {
  const found = await api<{ next_available_date: string | null }>(
    'GET',
    `/calendars/${calendarId}/next-availability${query({ start_date: from })}`,
  );
  return found.next_available_date;
}

export function getCalendar(calendarId: string): Promise<CalendarSummary> {
  return api<CalendarSummary>('GET', `/calendars/${calendarId}`);
}
