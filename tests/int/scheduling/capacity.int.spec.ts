import {
  BOOKING_MESSAGES,
  type BookingResult,
  type CommandAccepted,
  type SlotChangedMessage,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { sql } from 'kysely';
import { createUser, signInAsGuest, registerPatient } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
  week,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';

let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

/** A visitor's socket in the calendar's room, collecting its slot changes. */
async function watchCalendar(calendarId: string): Promise<SlotChangedMessage[]> {
  const visitor = await watch(app, await signInAsGuest(app), [`calendar:${calendarId}`]);
  return visitor.heard('slot.changed');
}

const setCapacity = async (calendarId: string, capacity: number) => {
  const response = await app.api
    .as(practice.admin)
    .put(`/api/v1/calendars/${calendarId}`, { booking_capacity: capacity });
  expect(response.status).toBe(200);
  return (response.body.data as CommandAccepted).position;
};

const bookFor = async (calendarId: string, start: string) => {
  const response = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: start,
    patient_id: await registerPatient(app),
  });
  expect(response.status).toBe(201);
  return response.body.data as BookingResult;
};

/** Free places the week view offers at this start (0 when the slot is not offered). */
async function placesAt(calendarId: string, start: string, position: number): Promise<number> {
  const view = await week(
    app,
    calendarId,
    `?start_date=${start.slice(0, 10)}&min_position=${position}`,
  );
  const slot = view.days.flatMap((d) => d.time_slots).find((s) => s.start_date === start);
  return slot?.booking_capacity ?? 0;
}

const slotEvents = async (calendarId: string, start: string) =>
  (
    await sql<{ event_type: string }>`SELECT event_type FROM es_events
      WHERE stream_id = ${`slot-${calendarId}-${start}`} ORDER BY stream_revision`.execute(
      app.database.db,
    )
  ).rows.map((r) => r.event_type);

it("lets a calendar's capacity per slot rise and fall: started slots follow, no booking is lost, changes go live", async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 1 });
  const slot = await tomorrowsSlot(app, calendarId, position, 0);
  const untouched = await tomorrowsSlot(app, calendarId, position, 1);
  const live = await watchCalendar(calendarId);
  const messages = (count: number) =>
    eventually(
      () => live.filter((m) => m.slot_id === slot.start_date),
      (list) => list.length >= count,
    );

  // Full at capacity 1: the slot stream has started.
  const first = await bookFor(calendarId, slot.start_date);
  expect(await placesAt(calendarId, slot.start_date, first.position)).toBe(0);

  // Raised to 3: the full slot offers 2 places again, live; an untouched slot offers 3.
  let at = await setCapacity(calendarId, 3);
  expect(await placesAt(calendarId, slot.start_date, at)).toBe(2);
  expect(await placesAt(calendarId, untouched.start_date, at)).toBe(3);
  const second = await bookFor(calendarId, slot.start_date);
  const patient = await createUser(app, 'Patient');
  const hold = await app.api
    .as(patient)
    .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: slot.start_date });
  expect(hold.status).toBe(200);

  // Lowered to 1 under two bookings and a hold: everything is kept, nothing is offered.
  at = await setCapacity(calendarId, 1);
  expect(await placesAt(calendarId, slot.start_date, at)).toBe(0);
  const latecomer = await createUser(app, 'Patient');
  const refused = await app.api
    .as(latecomer)
    .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: slot.start_date });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(BOOKING_MESSAGES.alreadyBooked);
  for (const { appointment_id } of [first, second]) {
    const shown = await app.api.as(practice.staff).get(`/api/v1/appointments/${appointment_id}`);
    expect((shown.body.data as { status: string }).status).toBe('Scheduled');
  }
  expect(await slotEvents(calendarId, slot.start_date)).toEqual([
    'SlotBooked',
    'SlotBooked',
    'SlotHeld',
  ]);

  // Raised to 4: one place over the two bookings and the hold; then 2: none again.
  at = await setCapacity(calendarId, 4);
  expect(await placesAt(calendarId, slot.start_date, at)).toBe(1);
  at = await setCapacity(calendarId, 2);
  expect(await placesAt(calendarId, slot.start_date, at)).toBe(0);
  expect(await placesAt(calendarId, untouched.start_date, at)).toBe(2);

  const pushed = await messages(6);
  expect(pushed.map((m) => [m.action, m.booking_capacity])).toEqual([
    ['removed', 0], // booked at capacity 1
    ['increment', 2], // raised to 3
    ['decrement', 1], // second booking
    ['removed', 0], // the hold
    // lowered to 1: still none, nothing to push
    ['increment', 1], // raised to 4
    ['removed', 0], // lowered to 2
  ]);
  const positions = pushed.map((m) => m.position);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

it('decides a booking again on the new capacity when the capacity drops between its read and its commit', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 });
  const slot = await tomorrowsSlot(app, calendarId, position, 0);
  await bookFor(calendarId, slot.start_date);

  // The booking decides on capacity 2 (on the calendar as read, or as this process remembers
  // it); just before it appends, an admin lowers the capacity to 1.
  const store = app.app.get<EventStore>(EVENT_STORE);
  const append = store.appendToStreams.bind(store);
  let dropped: number | null = null;
  const interleave = jest
    .spyOn(store, 'appendToStreams')
    .mockImplementation(async (appends, options) => {
      const decidedOn = options?.unchanged?.some((c) => c.streamId === `calendar-${calendarId}`);
      if (dropped === null && decidedOn) {
        dropped = 0;
        dropped = await setCapacity(calendarId, 1);
      }
      return append(appends, options);
    });
  try {
    const late = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      patient_id: await registerPatient(app),
    });
    expect(dropped).toBeGreaterThan(0);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(BOOKING_MESSAGES.alreadyBooked);
  } finally {
    interleave.mockRestore();
  }
  expect(await slotEvents(calendarId, slot.start_date)).toEqual(['SlotBooked']);
});

it('keeps the capacity per slot a whole number from 1 to 500', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 });
  for (const booking_capacity of [0, -1, 1.5, 501, '3']) {
    const response = await app.api
      .as(practice.admin)
      .put(`/api/v1/calendars/${calendarId}`, { booking_capacity });
    expect({ booking_capacity, status: response.status }).toEqual({
      booking_capacity,
      status: 400,
    });
  }
  const settings = await app.api.get(`/api/v1/calendars/${calendarId}?min_position=${position}`);
  expect((settings.body.data as { booking_capacity: number }).booking_capacity).toBe(2);
});
