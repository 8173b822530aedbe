import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@medbook/event-store';
import { notificationsProjection } from '../../../apps/api/src/modules/notifications/projections/notifications.projection';
import { schedulingProjection } from '../../../apps/api/src/modules/scheduling/projections/scheduling.projection';
import { calendarSettingsFixture } from '../../support/calendar-fixture';
import { testMetadata } from '../../support/events';
import { projectionOutcome } from '../../support/projection-outcome';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The scheduling and notifications projections write runs of holds and bookings with multi-row
// statements. A batch applied at once must leave the rows and send the live messages, in order,
// that the same events applied one at a time do.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
});

afterAll(async () => {
  await database.drop();
});

const calendarId = randomUUID();
const practiceId = randomUUID();
const providerId = randomUUID();
const settings = calendarSettingsFixture({
  calendar_id: calendarId,
  practice_id: practiceId,
  provider_id: providerId,
});

const A = '2026-11-24T15:00:00Z';
const B = '2026-11-24T15:30:00Z';
const C = '2026-11-24T16:00:00Z';

/** A log: calendar, then holds and bookings on three slots broken by a capacity change. */
function history(): RecordedEvent[] {
  const log: { type: string; data: unknown; streamId: string }[] = [];
  const at = '2026-11-23T10:00:00.000Z';
  const hold = (start: string, holdId: string, patientId: string) =>
    log.push({
      type: 'SlotHeld',
      streamId: `slot-${calendarId}-${start}`,
      data: {
        calendar_id: calendarId,
        start,
        hold_id: holdId,
        patient_id: patientId,
        capacity: 2,
        expires_at: '2026-11-23T10:10:00.000Z',
        held_at: at,
      },
    });
  const book = (start: string, holdId: string | null, status = 'Scheduled') => {
    const appointmentId = randomUUID();
    const patientId = randomUUID();
    log.push({
      type: 'SlotBooked',
      streamId: `slot-${calendarId}-${start}`,
      data: {
        calendar_id: calendarId,
        start,
        appointment_id: appointmentId,
        patient_id: patientId,
        hold_id: holdId,
        capacity: 2,
        booked_at: at,
      },
    });
    log.push({
      type: 'AppointmentBooked',
      streamId: `appointment-${appointmentId}`,
      data: {
        appointment_id: appointmentId,
        calendar_id: calendarId,
        practice_id: practiceId,
        provider_id: providerId,
        resource_id: null,
        facility_id: settings.facility_id,
        patient_id: patientId,
        booked_by: patientId,
        start_date: start,
        end_date: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        visit_schedule_type: 'Scheduled',
        time_zone: settings.time_zone,
        visit_type: 'Office',
        reason: null,
        status,
        booked_at: at,
      },
    });
  };
  log.push({
    type: 'CalendarCreated',
    streamId: `calendar-${calendarId}`,
    data: { ...settings, created_at: at },
  });
  const h1 = randomUUID();
  const h2 = randomUUID();
  hold(A, h1, randomUUID());
  log.push({ type: 'SomethingElse', streamId: 'other-1', data: {} }); // not handled: no break
  book(A, h1);
  book(A, null); // A is now full: 'removed'
  hold(B, h2, randomUUID());
  book(C, null);
  log.push({
    type: 'CalendarCapacityChanged',
    streamId: `calendar-${calendarId}`,
    data: {
      calendar_id: calendarId,
      before: { booking_capacity: settings.booking_capacity },
      after: { booking_capacity: 3 },
      changed_at: at,
    },
  });
  log.push({
    type: 'CalendarBookingRulesChanged',
    streamId: `calendar-${calendarId}`,
    data: {
      calendar_id: calendarId,
      before: { accept_reject_enabled: false },
      after: { accept_reject_enabled: true },
      changed_at: at,
    },
  });
  book(B, h2, 'Pending');
  book(B, null, 'Pending');
  hold(C, randomUUID(), randomUUID());
  return log.map((e, i) => ({
    id: randomUUID(),
    type: e.type,
    data: e.data,
    metadata: testMetadata(),
    streamId: e.streamId,
    streamRevision: 0,
    globalPosition: i + 1,
    logPosition: { commit: 1, position: i + 1 },
    recordedAt: new Date(at),
  }));
}

describe.each([
  ['scheduling', schedulingProjection],
  ['notifications', notificationsProjection],
])('%s projection, runs of bookings', (_name, projection) => {
  it('leaves the rows and sends the messages, in order, of the events applied one by one', async () => {
    const events = history();
    const oneByOne = await projectionOutcome(database, projection, events, async (all, context) => {
      for (const event of all) await projection.apply(event, context);
    });
    const batched = await projectionOutcome(database, projection, events, (all, context) =>
      projection.applyAll!(all, context),
    );
    expect(batched.rows).toEqual(oneByOne.rows);
    // A batch counts each practice's notifications once, after its last event: the same last
    // counts as event by event; every other message the same and in the same order.
    const counts = (messages: unknown[]) =>
      messages.filter((m) => (m as { event: string }).event === 'notification.counts');
    const others = (messages: unknown[]) =>
      messages.filter((m) => (m as { event: string }).event !== 'notification.counts');
    expect(others(batched.messages)).toEqual(others(oneByOne.messages));
    expect(counts(batched.messages).at(-1)).toEqual(counts(oneByOne.messages).at(-1));
    // The runs did something worth comparing.
    const written = Object.entries(oneByOne.rows).filter(([, rows]) => rows.length > 0);
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(others(oneByOne.messages).length).toBeGreaterThan(4);
  });
});

it('scheduling: counts per slot and the removed message when a slot fills', async () => {
  const { rows, messages } = await projectionOutcome(
    database,
    schedulingProjection,
    history(),
    (all, context) => schedulingProjection.applyAll!(all, context),
  );
  const slots = (
    rows.rm_slot_capacity as { start_at: Date; capacity: number; holds: number; bookings: number }[]
  ).map((r) => [r.start_at.toISOString(), r.capacity, r.holds, r.bookings]);
  expect(slots).toEqual(
    expect.arrayContaining([
      ['2026-11-24T15:00:00.000Z', 3, 0, 2],
      ['2026-11-24T15:30:00.000Z', 3, 0, 2],
      ['2026-11-24T16:00:00.000Z', 3, 1, 1],
    ]),
  );
  const slotMessages = (
    messages as {
      event: string;
      message: { start_date: string; action: string; booking_capacity: number };
    }[]
  )
    .filter((m) => m.event === 'slot.changed')
    .map((m) => [m.message.start_date, m.message.action, m.message.booking_capacity]);
  expect(slotMessages).toEqual([
    [A, 'decrement', 1], // held
    // the booking that consumed the hold changes no free place: no message
    [A, 'removed', 0], // booked without a hold: full
    [B, 'decrement', 1],
    [C, 'decrement', 1],
    // capacity 2 -> 3: every slot from the change on gains a place
    [A, 'increment', 1],
    [B, 'increment', 2],
    [C, 'increment', 2],
    [B, 'decrement', 1], // the second booking on B (the first consumed its hold)
    [C, 'decrement', 1],
  ]);
  expect(rows.rm_slot_holds).toHaveLength(1);
  expect(rows.rm_appointments).toHaveLength(5);
});
