import type { CalendarChangedMessage, SlotChangedMessage, WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { merge, type Observable, startWith } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { applySlotChange } from './slot-change';

/** Everything the stream reads, as parameters: the API calls and the calendar room's messages. */
export interface WeekAvailabilitySources {
  readonly fetchWeek: (
    start: string | undefined,
    minPosition: number | undefined,
  ) => Promise<WeekView>;
  readonly fetchNextAvailableDay: (from: string | undefined) => Promise<string | null>;
  readonly slotChanges$: Observable<SlotChangedMessage>;
  readonly calendarChanges$: Observable<CalendarChangedMessage>;
  /** Each socket reconnection: messages may have been missed, so the week is read again. */
  readonly reconnects$: Observable<void>;
}

export type WeekAvailability =
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready';
      readonly week: WeekView;
      /** Only for a week without slots: the next day with one, or null when there is none. */
      readonly nextAvailableDay: string | null | undefined;
    };

const hasSlots = (week: WeekView): boolean => week.days.some((d) => d.time_slots.length > 0);

type Ready = Extract<WeekAvailability, { status: 'ready' }>;
type Change = SlotChangedMessage | CalendarChangedMessage;

async function readWeek(
  start: string | undefined,
  minPosition: number | undefined,
  sources: WeekAvailabilitySources,
): Promise<Ready> {
  const week = await sources.fetchWeek(start, minPosition);
  if (week.online_booking_disabled) return { status: 'ready', week, nextAvailableDay: null };
  if (hasSlots(week)) return { status: 'ready', week, nextAvailableDay: undefined };
  const after = DateTime.fromISO(week.end_date).plus({ days: 1 }).toISODate()!;
  const nextAvailableDay =
    (await sources.fetchNextAvailableDay(after)) ??
    (await sources.fetchNextAvailableDay(undefined));
  return { status: 'ready', week, nextAvailableDay };
}

/** A slot message changes the week in place; a calendar change means it is read again. */
function applyChange(held: Ready, change: Change): Ready | typeof READ_AGAIN {
  if (!('slot_id' in change)) return READ_AGAIN;
  const outcome = applySlotChange(held.week, change);
  switch (outcome.kind) {
    case 'updated':
      return { status: 'ready', week: outcome.week, nextAvailableDay: undefined };
    case 'refetch':
      return READ_AGAIN;
    case 'ignored':
      return held;
    default: {
      const never: never = outcome;
      throw new Error(`Unknown outcome ${String(never)}`);
    }
  }
}

/**
 * One calendar's week kept current: read once, then live changes from the calendar room applied
 * in place (a live query: each read waits for every position heard, a message heard twice is
 * applied once, and messages heard during a read make it read again).
 */
export function weekAvailability$(
  start: string | undefined,
  sources: WeekAvailabilitySources,
): Observable<WeekAvailability> {
  return liveQuery$<Ready, Change>({
    read: (minPosition) => readWeek(start, minPosition, sources),
    pushes: merge(sources.slotChanges$, sources.calendarChanges$),
    keyOf: (change) =>
      'slot_id' in change
        ? `${change.position}:${change.slot_id}:${change.action}`
        : `${change.position}:calendar`,
    apply: applyChange,
    refetch$: sources.reconnects$,
  }).pipe(startWith<WeekAvailability>({ status: 'loading' }));
}
