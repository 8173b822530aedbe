import type { CalendarView, NextAvailableDayView, WeekView } from '@medbook/contracts';
import { api } from '../../../shared/api-client';

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
  const found = await api<NextAvailableDayView>(
    'GET',
    `/calendars/${calendarId}/next-availability${query({ start_date: from })}`,
  );
  return found.next_available_date;
}

export function getCalendar(calendarId: string): Promise<CalendarView> {
  return api<CalendarView>('GET', `/calendars/${calendarId}`);
}
