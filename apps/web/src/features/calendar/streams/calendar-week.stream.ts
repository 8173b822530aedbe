import type { Observable } from 'rxjs';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { getNextAvailableDay, getWeek } from '../api/calendar-api';
import { type WeekAvailability, weekAvailability$ } from './week-availability.stream';

/** The week of one calendar, wired to the API and the live socket. */
export function calendarWeek$(
  calendarId: string,
  start: string | undefined,
): Observable<WeekAvailability> {
  const room = `calendar:${calendarId}` as const;
  return weekAvailability$(start, {
    fetchWeek: (from, minPosition) => getWeek(calendarId, from, minPosition),
    fetchNextAvailableDay: (from) => getNextAvailableDay(calendarId, from),
    slotChanges$: roomEvent$(room, 'slot.changed'),
    calendarChanges$: roomEvent$(room, 'calendar.changed'),
    reconnects$: connected$,
  });
}
