import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@medbook/event-store';
import { digitalCheckInProjection } from '../../../apps/api/src/modules/digital-check-in/projections/digital-check-in.projection';
import { testMetadata } from '../../support/events';
import { applyInBatches, batchings, projectionOutcome } from '../../support/projection-outcome';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The digital check-in projection applies runs of appointment events with a few statements
// (digital-check-in.batch.ts), the other events one by one between them. Whatever the batches,
// it must leave the rows and send the messages, in order, that the events applied one at a
// time do: here bookings (one checked in at once, one with screening forms), status changes,
// reschedules, cancels, a patient arriving to wait before staff check them in, a consent
// signed before its appointment's booking is seen, a repeated booking and events of an
// appointment with no row.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ max: 2 });
});

afterAll(async () => {
  await database.drop();
});

const practiceId = randomUUID();
const at = '2026-11-23T10:00:00.000Z';

function history(): RecordedEvent[] {
  const log: { type: string; data: unknown; streamId: string }[] = [];
  const book = (status = 'Scheduled', screening: string[] = [], id = randomUUID()) => {
    const booked = {
      type: 'AppointmentBooked',
      streamId: `appointment-${id}`,
      data: {
        appointment_id: id,
        calendar_id: randomUUID(),
        practice_id: practiceId,
        provider_id: randomUUID(),
        resource_id: null,
        facility_id: randomUUID(),
        patient_id: randomUUID(),
        booked_by: randomUUID(),
        start_date: '2026-11-24T15:00:00Z',
        end_date: '2026-11-24T15:30:00Z',
        visit_schedule_type: 'Scheduled',
        time_zone: 'America/New_York',
        visit_type: 'Office',
        reason: null,
        status,
        booked_at: at,
        ...(screening.length ? { screening_ids: screening } : {}),
      },
    };
    log.push(booked);
    return { id, booked };
  };
  const appointment = (type: string, id: string, data: Record<string, unknown>) =>
    log.push({ type, streamId: `appointment-${id}`, data: { appointment_id: id, ...data } });
  const status = (id: string, to: string) =>
    appointment('AppointmentStatusChanged', id, { status: to, from: 'Scheduled', changed_at: at });
  const checkIn = (type: string, id: string, data: Record<string, unknown>) =>
    log.push({
      type,
      streamId: `digital-check-in-${id}`,
      data: { appointment_id: id, practice_id: practiceId, ...data },
    });

  const a = book();
  const b = book('Checked-In');
  const c = book('Scheduled', [randomUUID()]);
  status(a.id, 'Confirmed');
  appointment('AppointmentRescheduled', c.id, {
    start_date: '2026-11-25T15:00:00Z',
    from_start: '2026-11-24T15:00:00Z',
    rescheduled_at: at,
  });
  // The patient arrives and waits; staff then check them in (awaiting_entry cleared).
  checkIn('PatientArrived', a.id, {
    patient_id: randomUUID(),
    awaiting_entry: true,
    notify_practice: true,
    arrived_by: randomUUID(),
    arrived_at: at,
  });
  status(a.id, 'Confirmed');
  status(a.id, 'Checked-In');
  // Another waits, and is not checked in.
  const d = book();
  checkIn('PatientArrived', d.id, {
    patient_id: randomUUID(),
    awaiting_entry: true,
    notify_practice: false,
    arrived_by: randomUUID(),
    arrived_at: at,
  });
  status(d.id, 'Confirmed');
  appointment('AppointmentCanceled', c.id, { canceled_at: at, reason: null });
  log.push({ type: 'SomethingElse', streamId: 'other-1', data: {} }); // not handled
  log.push({ ...b.booked }); // repeated: nothing new
  // A consent signed for an appointment whose booking comes later: the row exists first.
  const e = randomUUID();
  checkIn('ConsentSigned', e, {
    patient_id: randomUUID(),
    consent_id: randomUUID(),
    version: 1,
    kind: 'typed',
    typed_name: 'Ann',
    signature_file: null,
    signed_by: randomUUID(),
    signed_at: at,
  });
  book('Scheduled', [], e);
  status(e, 'Checked-In');
  // An appointment with no row: nothing.
  status(randomUUID(), 'Checked-In');
  return log.map((event, i) => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: testMetadata(),
    streamId: event.streamId,
    streamRevision: 0,
    globalPosition: i + 1,
    logPosition: { commit: 1, position: i + 1 },
    recordedAt: new Date(at),
  }));
}

it('leaves the rows and sends the messages of the events applied one by one, in any batches', async () => {
  const events = history();
  const oneByOne = await projectionOutcome(
    database,
    digitalCheckInProjection,
    events,
    async (all, context) => {
      for (const event of all) await digitalCheckInProjection.apply(event, context);
    },
  );
  // The whole log as one batch, in batches of 1 to 7 events, and cut after each check-in event
  // (so a run of appointment events reads the rows those wrote).
  for (const [batching, ends] of batchings(events, (e) => !e.type.startsWith('Appointment'))) {
    const batched = await projectionOutcome(
      database,
      digitalCheckInProjection,
      events,
      (all, context) => applyInBatches(digitalCheckInProjection, all, ends, context),
    );
    expect({ batching, ...batched }).toEqual({ batching, ...oneByOne });
  }
  // The log did something worth comparing: rows added by bookings and by a check-in event,
  // arrivals both ways, and the messages of each.
  const rows = oneByOne.rows.rm_dci_appointments as {
    arrived: boolean;
    awaiting_entry: boolean;
    forms_done: boolean;
  }[];
  expect(rows).toHaveLength(5);
  expect(rows.filter((r) => r.arrived)).toHaveLength(4);
  expect(rows.filter((r) => r.awaiting_entry)).toHaveLength(1);
  expect(rows.filter((r) => r.forms_done)).toHaveLength(1);
  const events_ = (oneByOne.messages as { event: string }[]).map((m) => m.event);
  expect(events_.filter((e) => e === 'check-in.arrived').length).toBeGreaterThanOrEqual(4);
  expect(events_.filter((e) => e === 'check-in.summary').length).toBeGreaterThanOrEqual(8);
});
