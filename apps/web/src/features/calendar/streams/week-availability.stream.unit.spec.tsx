import type {
  CalendarChangedMessage,
  SlotChangedMessage,
  TimeSlotView,
  WeekView,
} from '@medbook/contracts';
import { Subject } from 'rxjs';
import { type WeekAvailability, weekAvailability$ } from './week-availability.stream';

const ZONE = 'America/New_York';
const slot = (start: string, places = 1): TimeSlotView => ({
  id: start,
  calendar_id: 'c1',
  start_date: start,
  end_date: start,
  booking_capacity: places,
  is_available: true,
});

function weekOf(days: Record<string, TimeSlotView[]>): WeekView {
  const names = Object.keys(days);
  return {
    calendar_id: 'c1',
    time_zone: ZONE,
    start_date: names[0]!,
    end_date: names[names.length - 1]!,
    online_booking_disabled: false,
    days: names.map((day) => ({ day, calendar_id: 'c1', time_slots: days[day]! })),
  };
}

// 2030-01-07 09:00 New York is 14:00Z.
const NINE = '2030-01-07T14:00:00Z';
const NINE_THIRTY = '2030-01-07T14:30:00Z';
const NEXT_DAY = '2030-01-08T14:00:00Z';

const message = (
  action: SlotChangedMessage['action'],
  start: string,
  places: number,
  position: number,
): SlotChangedMessage => ({
  calendar_id: 'c1',
  slot_id: start,
  start_date: start,
  action,
  booking_capacity: places,
  position,
});

function harness(weeks: WeekView[], next: (string | null)[] = []) {
  const slots = new Subject<SlotChangedMessage>();
  const calendar = new Subject<CalendarChangedMessage>();
  const reconnects = new Subject<void>();
  const fetches: (number | undefined)[] = [];
  const nextAsked: (string | undefined)[] = [];
  const states: WeekAvailability[] = [];
  const subscription = weekAvailability$('2030-01-07', {
    fetchWeek: (_start, minPosition) => {
      fetches.push(minPosition);
      const week = weeks[Math.min(fetches.length - 1, weeks.length - 1)]!;
      return Promise.resolve(week);
    },
    fetchNextAvailableDay: (from) => {
      nextAsked.push(from);
      return Promise.resolve(next.shift() ?? null);
    },
    slotChanges$: slots,
    calendarChanges$: calendar,
    reconnects$: reconnects,
  }).subscribe((state) => states.push(state));
  const last = () => {
    const state = states[states.length - 1];
    if (state?.status !== 'ready') throw new Error(`not ready: ${JSON.stringify(state)}`);
    return state;
  };
  const places = () =>
    last().week.days.map((d) => d.time_slots.map((s) => `${s.start_date}=${s.booking_capacity}`));
  return { slots, calendar, reconnects, fetches, nextAsked, states, last, places, subscription };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('weekAvailability$', () => {
  it('starts loading, then shows the week read from the API', async () => {
    const h = harness([weekOf({ '2030-01-07': [slot(NINE)], '2030-01-08': [slot(NEXT_DAY)] })]);
    expect(h.states[0]).toEqual({ status: 'loading' });
    await settle();
    expect(h.places()).toEqual([[`${NINE}=1`], [`${NEXT_DAY}=1`]]);
    expect(h.fetches).toEqual([undefined]);
  });

  it('applies increments and decrements in place without reading the week again', async () => {
    const h = harness([weekOf({ '2030-01-07': [slot(NINE, 3), slot(NINE_THIRTY, 2)] })]);
    await settle();
    h.slots.next(message('decrement', NINE, 2, 10));
    h.slots.next(message('increment', NINE_THIRTY, 3, 11));
    expect(h.places()).toEqual([[`${NINE}=2`, `${NINE_THIRTY}=3`]]);
    expect(h.fetches).toHaveLength(1);
  });

  it('removes a slot that reaches 0 places', async () => {
    const h = harness([weekOf({ '2030-01-07': [slot(NINE), slot(NINE_THIRTY)] })]);
    await settle();
    h.slots.next(message('decrement', NINE, 0, 10));
    expect(h.places()).toEqual([[`${NINE_THIRTY}=1`]]);
    h.slots.next(message('removed', NINE_THIRTY, 0, 11));
    await settle();
    // That emptied the day, so the week was read again, waiting for what was heard.
    expect(h.fetches).toEqual([undefined, 11]);
  });

  it('reads the week again for a slot it does not know, and ignores other weeks', async () => {
    const h = harness([
      weekOf({ '2030-01-07': [slot(NINE)] }),
      weekOf({ '2030-01-07': [slot(NINE), slot(NINE_THIRTY)] }),
    ]);
    await settle();
    h.slots.next(message('increment', '2030-02-01T14:00:00Z', 1, 5));
    expect(h.fetches).toHaveLength(1);
    h.slots.next(message('increment', NINE_THIRTY, 1, 6));
    await settle();
    expect(h.fetches).toEqual([undefined, 6]);
    expect(h.places()).toEqual([[`${NINE}=1`, `${NINE_THIRTY}=1`]]);
  });

  it('applies a message heard twice once, and drops messages the last read covers', async () => {
    const h = harness([weekOf({ '2030-01-07': [slot(NINE, 5)] })]);
    await settle();
    h.slots.next(message('decrement', NINE, 4, 7));
    h.slots.next(message('decrement', NINE, 4, 7));
    expect(h.places()).toEqual([[`${NINE}=4`]]);
    h.reconnects.next();
    await settle();
    expect(h.fetches).toEqual([undefined, 7]);
    const before = h.states.length;
    h.slots.next(message('decrement', NINE, 4, 6));
    expect(h.states).toHaveLength(before);
  });

  it('resyncs after a reconnect and after the calendar changed', async () => {
    const h = harness([
      weekOf({ '2030-01-07': [slot(NINE)] }),
      weekOf({ '2030-01-07': [slot(NINE), slot(NINE_THIRTY)] }),
      weekOf({ '2030-01-07': [slot(NINE_THIRTY)] }),
    ]);
    await settle();
    h.reconnects.next();
    await settle();
    expect(h.places()).toEqual([[`${NINE}=1`, `${NINE_THIRTY}=1`]]);
    h.calendar.next({ calendar_id: 'c1', outside_schedule: [], position: 20 });
    await settle();
    expect(h.places()).toEqual([[`${NINE_THIRTY}=1`]]);
    expect(h.fetches).toEqual([undefined, undefined, 20]);
  });

  it('reads again after a load when messages arrived during it', async () => {
    const h = harness([
      weekOf({ '2030-01-07': [slot(NINE, 2)] }),
      weekOf({ '2030-01-07': [slot(NINE, 1)] }),
    ]);
    h.slots.next(message('decrement', NINE, 1, 3));
    await settle();
    await settle();
    expect(h.fetches).toEqual([undefined, 3]);
    expect(h.places()).toEqual([[`${NINE}=1`]]);
  });

  it('looks for the next available day after an empty week, then from today', async () => {
    const empty = weekOf({ '2030-01-07': [], '2030-01-11': [] });
    const h = harness([empty], [null, '2030-01-02']);
    await settle();
    expect(h.nextAsked).toEqual(['2030-01-12', undefined]);
    expect(h.last().nextAvailableDay).toBe('2030-01-02');
  });

  it('says there is nothing when no day has a slot', async () => {
    const h = harness([weekOf({ '2030-01-07': [] })], [null, null]);
    await settle();
    expect(h.last().nextAvailableDay).toBeNull();
  });

  it('stops listening when unsubscribed', async () => {
    const h = harness([weekOf({ '2030-01-07': [slot(NINE)] })]);
    await settle();
    h.subscription.unsubscribe();
    expect(h.slots.observed).toBe(false);
    expect(h.reconnects.observed).toBe(false);
  });
});
