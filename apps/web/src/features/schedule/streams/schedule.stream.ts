import type {
  AppointmentStatusMessage,
  CalendarChangedMessage,
  ScheduleView,
  SlotChangedMessage,
} from '@medbook/contracts';
import { distinctUntilChanged, EMPTY, filter, map, merge, type Observable, switchMap } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { type ScheduleParams, scheduleApi } from '../api/schedule-api';

/** What moves the grid: a slot's places, an appointment's status (a booking is one), a calendar. */
export type SchedulePush =
  | (SlotChangedMessage & { readonly kind: 'slot' })
  | (AppointmentStatusMessage & { readonly kind: 'status' })
  | (CalendarChangedMessage & { readonly kind: 'calendar' });

/**
 * A slot's places patched in place (a hold taken or let go moves nothing else); anything about an
 * appointment or a calendar shown reads the grid again, at the pushed position.
 */
export function applySchedulePush(
  view: ScheduleView,
  push: SchedulePush,
): ScheduleView | typeof READ_AGAIN {
  switch (push.kind) {
    case 'slot': {
      let changed = false;
      const columns = view.columns.map((column) => {
        if (column.calendar_id !== push.calendar_id) return column;
        const index = column.slots.findIndex((slot) => slot.start_date === push.start_date);
        const slot = column.slots[index];
        if (!slot || slot.booking_capacity === push.booking_capacity) return column;
        changed = true;
        const slots = [...column.slots];
        slots[index] = { ...slot, booking_capacity: push.booking_capacity };
        return { ...column, slots };
      });
      return changed ? { ...view, columns } : view;
    }
    case 'status':
      return READ_AGAIN;
    case 'calendar':
      return view.columns.some((c) => c.calendar_id === push.calendar_id) ? READ_AGAIN : view;
    default: {
      const unknown: never = push;
      return unknown;
    }
  }
}

/** The calendars whose columns are shown, as one key (their rooms change only when it does). */
const shownCalendars = (view: ScheduleView): string =>
  [...new Set(view.columns.map((c) => c.calendar_id))].sort().join(',');

/** Each shown calendar's room; every room's messages reach every listener, so each keeps its own. */
function calendarPushes(ids: readonly string[]): Observable<SchedulePush> {
  if (ids.length === 0) return EMPTY;
  return merge(
    ...ids.flatMap((id) => [
      roomEvent$(`calendar:${id}`, 'slot.changed').pipe(
        filter((m) => m.calendar_id === id),
        map((m): SchedulePush => ({ ...m, kind: 'slot' })),
      ),
      roomEvent$(`calendar:${id}`, 'calendar.changed').pipe(
        filter((m) => m.calendar_id === id),
        map((m): SchedulePush => ({ ...m, kind: 'calendar' })),
      ),
    ]),
  );
}

/**
 * The schedule grid, live: read at first, after every reconnect and on `refresh$` (a command's
 * position, so the answer holds it); then every appointment status pushed to the practice (a
 * booking, cancel, status change or reschedule anywhere) and every slot or calendar change of the
 * calendars shown.
 */
export function schedule$(
  practiceId: string,
  params: ScheduleParams,
  refresh$: Observable<number | void>,
): Observable<ScheduleView> {
  return liveQuery$<ScheduleView, SchedulePush>({
    read: (minPosition) => scheduleApi.schedule(practiceId, params, minPosition),
    pushes: (held$) =>
      merge(
        roomEvent$(`practice:${practiceId}`, 'appointment.status').pipe(
          map((m): SchedulePush => ({ ...m, kind: 'status' })),
        ),
        held$.pipe(
          map(shownCalendars),
          distinctUntilChanged(),
          switchMap((ids) => calendarPushes(ids ? ids.split(',') : [])),
        ),
      ),
    apply: applySchedulePush,
    keyOf: (push) =>
      push.kind === 'slot'
        ? `slot:${push.position}:${push.start_date}`
        : `${push.kind}:${push.position}`,
    refetch$: merge(connected$, refresh$),
  });
}

/** A schedule as it reached the screen, and when (performance.now()): the grid times its render. */
export interface ArrivedSchedule {
  readonly view: ScheduleView;
  readonly arrivedAt: number;
}

export const arrivals$ = (view$: Observable<ScheduleView>): Observable<ArrivedSchedule> =>
  view$.pipe(map((view) => ({ view, arrivedAt: performance.now() })));
