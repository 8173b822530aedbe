import type { CalendarChangedMessage, SlotChangedMessage, WeekView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { map, merge, Observable } from 'rxjs';
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

type Live =
  | { readonly kind: 'slot'; readonly message: SlotChangedMessage }
  | { readonly kind: 'refetch'; readonly position: number | null };

/**
 * One calendar's week kept current: read once, then live changes from the calendar room applied
 * in place. A refetch asks the API for at least every position heard so far (`min_position`), so
 * messages that position covers are dropped, and a message heard twice is applied once.
 */
export function weekAvailability$(
  start: string | undefined,
  sources: WeekAvailabilitySources,
): Observable<WeekAvailability> {
  return new Observable<WeekAvailability>((subscriber) => {
    let week: WeekView | null = null;
    let covered = 0;
    let heard = 0;
    let generation = 0;
    let loading = false;
    let stale = false;
    const applied = new Set<string>();

    const nextAvailableDay = async (fetched: WeekView): Promise<string | null | undefined> => {
      if (hasSlots(fetched) || fetched.online_booking_disabled) {
        return fetched.online_booking_disabled ? null : undefined;
      }
      const after = DateTime.fromISO(fetched.end_date).plus({ days: 1 }).toISODate()!;
      return (
        (await sources.fetchNextAvailableDay(after)) ??
        (await sources.fetchNextAvailableDay(undefined))
      );
    };

    const load = (): void => {
      generation += 1;
      const mine = generation;
      loading = true;
      stale = false;
      const minPosition = heard > 0 ? heard : undefined;
      void (async () => {
        try {
          const fetched = await sources.fetchWeek(start, minPosition);
          const next = await nextAvailableDay(fetched);
          if (mine !== generation) return;
          week = fetched;
          covered = minPosition ?? 0;
          loading = false;
          subscriber.next({ status: 'ready', week, nextAvailableDay: next });
          if (stale) load();
        } catch (error) {
          if (mine === generation) subscriber.error(error);
        }
      })();
    };

    const onSlot = (message: SlotChangedMessage): void => {
      const key = `${message.position}:${message.slot_id}:${message.action}`;
      if (message.position <= covered || applied.has(key)) return;
      applied.add(key);
      heard = Math.max(heard, message.position);
      if (loading || !week) {
        stale = true;
        return;
      }
      const outcome = applySlotChange(week, message);
      switch (outcome.kind) {
        case 'updated':
          week = outcome.week;
          subscriber.next({ status: 'ready', week, nextAvailableDay: undefined });
          return;
        case 'refetch':
          load();
          return;
        case 'ignored':
          return;
        default: {
          const never: never = outcome;
          throw new Error(`Unknown outcome ${String(never)}`);
        }
      }
    };

    const live = merge(
      sources.slotChanges$.pipe(map((message): Live => ({ kind: 'slot', message }))),
      sources.calendarChanges$.pipe(map((m): Live => ({ kind: 'refetch', position: m.position }))),
      sources.reconnects$.pipe(map((): Live => ({ kind: 'refetch', position: null }))),
    ).subscribe((change) => {
      if (change.kind === 'slot') return onSlot(change.message);
      if (change.position !== null) heard = Math.max(heard, change.position);
      load();
    });

    subscriber.next({ status: 'loading' });
    load();
    return () => {
      generation += 1;
      live.unsubscribe();
    };
  });
}
