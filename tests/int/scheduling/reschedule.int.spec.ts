import { BOOKING_MESSAGES, type BookingResult } from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, type TestUser, registerPatient } from '../../support/accounts';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let patient: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  patient = await createUser(app, 'Patient');
});

afterAll(async () => {
  await app.close();
});

const events = async (stream: string) =>
  (
    await sql<{ event_type: string }>`SELECT event_type FROM es_events WHERE stream_id = ${stream}
      ORDER BY stream_revision`.execute(app.database.db)
  ).rows.map((r) => r.event_type);

async function bookedAppointment() {
  const { calendarId, position } = await createCalendar(app, practice);
  const first = await tomorrowsSlot(app, calendarId, position, 0);
  const second = await tomorrowsSlot(app, calendarId, position, 1);
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: first.start_date });
  expect(booked.status).toBe(201);
  const { appointment_id } = booked.body.data as BookingResult;
  return { calendarId, first, second, appointmentId: appointment_id };
}

it('moves the booking: the old slot is released and the new one taken in one append', async () => {
  const { calendarId, first, second, appointmentId } = await bookedAppointment();
  const moved = await app.api
    .as(patient)
    .put(`/api/v1/appointments/${appointmentId}/reschedule`, { start_date: second.start_date });
  expect(moved.status).toBe(200);
  expect(moved.body.message).toBe(BOOKING_MESSAGES.rescheduled);
  expect(await events(`slot-${calendarId}-${first.start_date}`)).toEqual([
    'SlotBooked',
    'SlotBookingCanceled',
  ]);
  expect(await events(`slot-${calendarId}-${second.start_date}`)).toEqual(['SlotBooked']);
  const writes = await sql<{ n: string }>`SELECT count(DISTINCT transaction_id) AS n FROM es_events
    WHERE event_type IN ('AppointmentRescheduled', 'SlotBookingCanceled') OR
          (event_type = 'SlotBooked' AND stream_id = ${`slot-${calendarId}-${second.start_date}`})`.execute(
    app.database.db,
  );
  expect(writes.rows[0]!.n).toBe('1');
  const read = await app.api.as(patient).get(`/api/v1/appointments/${appointmentId}`);
  expect(read.body.data).toEqual(
    expect.objectContaining({ start_date: second.start_date, revision: 1 }),
  );
});

it("answers the spec's text when the new slot is the same as before", async () => {
  const { first, appointmentId } = await bookedAppointment();
  const same = await app.api
    .as(patient)
    .put(`/api/v1/appointments/${appointmentId}/reschedule`, { start_date: first.start_date });
  expect(same.status).toBe(409);
  expect(same.body.message).toBe(BOOKING_MESSAGES.sameSlot);
});

it('lets one of a reschedule and a cancel made at the same revision win; the other gets 409', async () => {
  for (let round = 0; round < 3; round += 1) {
    const { calendarId, first, second, appointmentId } = await bookedAppointment();
    const [moved, canceled] = await Promise.all([
      app.api.as(patient).put(`/api/v1/appointments/${appointmentId}/reschedule`, {
        start_date: second.start_date,
        expected_revision: 0,
      }),
      app.api.as(patient).delete(`/api/v1/appointments/${appointmentId}`, {
        reason: 'changed my mind',
        expected_revision: 0,
      }),
    ]);
    expect([moved.status, canceled.status].sort()).toEqual([200, 409]);
    const loser = moved.status === 409 ? moved : canceled;
    expect(loser.body.message).toBe(BOOKING_MESSAGES.changedMeanwhile);
    // Whatever won, every slot place is accounted for exactly once.
    const firstSlot = await events(`slot-${calendarId}-${first.start_date}`);
    const secondSlot = await events(`slot-${calendarId}-${second.start_date}`);
    expect(firstSlot).toEqual(['SlotBooked', 'SlotBookingCanceled']);
    expect(secondSlot).toEqual(moved.status === 200 ? ['SlotBooked'] : []);
  }
});

it('refuses to move a canceled appointment, or onto a full slot', async () => {
  const { calendarId, second, appointmentId } = await bookedAppointment();
  const other = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: second.start_date,
    patient_id: await registerPatient(app),
  });
  expect(other.status).toBe(201);
  const full = await app.api
    .as(patient)
    .put(`/api/v1/appointments/${appointmentId}/reschedule`, { start_date: second.start_date });
  expect(full.status).toBe(409);
  expect(full.body.message).toBe(BOOKING_MESSAGES.alreadyBooked);
  await app.api.as(patient).delete(`/api/v1/appointments/${appointmentId}`, {});
  const canceled = await app.api
    .as(patient)
    .put(`/api/v1/appointments/${appointmentId}/reschedule`, { start_date: second.start_date });
  expect(canceled.status).toBe(409);
});
