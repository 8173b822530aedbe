import { randomUUID } from 'node:crypto';
import { BOOKING_MESSAGES, type BookingResult } from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, registerPatient } from '../../support/accounts';
import { eventually } from '../../support/events';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
  week,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
});

afterAll(async () => {
  await app.close();
});

const slotEvents = async (calendarId: string, start: string) =>
  (
    await sql<{ event_type: string }>`SELECT event_type FROM es_events
      WHERE stream_id = ${`slot-${calendarId}-${start}`} ORDER BY stream_revision`.execute(
      app.database.db,
    )
  ).rows.map((r) => r.event_type);

/** Staff book for many distinct patients at once: the slot's capacity is the only guard. */
async function race(capacity: number, clients: number) {
  const { calendarId, position } = await createCalendar(app, practice, {
    booking_capacity: capacity,
  });
  const slot = await tomorrowsSlot(app, calendarId, position);
  // The patients exist before the race: registering 200 at once through the service (which has
  // no admission queue, unlike HTTP) would race the pool, not the slot.
  const patients: string[] = [];
  for (let i = 0; i < clients; i += 10) {
    const batch = Math.min(10, clients - i);
    patients.push(
      ...(await Promise.all(Array.from({ length: batch }, () => registerPatient(app)))),
    );
  }
  const jitter = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
  const answers = await Promise.all(
    patients.map(async (patientId) => {
      await jitter();
      return app.api.as(practice.staff).post('/api/v1/appointments', {
        calendar_id: calendarId,
        start_date: slot.start_date,
        patient_id: patientId,
      });
    }),
  );
  return { calendarId, slot, answers };
}

describe('the capacity race', () => {
  it.each([
    [1, 200],
    [5, 200],
  ])(
    'gives a slot of capacity %i to exactly that many of %i concurrent clients',
    async (capacity, clients) => {
      const { calendarId, slot, answers } = await race(capacity, clients);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(statuses.filter((s) => s === 201)).toHaveLength(capacity);
      const refused = answers.filter((a) => a.status === 409);
      expect(refused).toHaveLength(clients - capacity);
      expect(new Set(refused.map((a) => a.body.message))).toEqual(
        new Set([BOOKING_MESSAGES.alreadyBooked]),
      );
      expect(
        (await slotEvents(calendarId, slot.start_date)).filter((t) => t === 'SlotBooked'),
      ).toHaveLength(capacity);
      // The read model agrees, and the week no longer offers the full slot.
      const view = await eventually(
        () => week(app, calendarId, `?start_date=${slot.start_date.slice(0, 10)}`),
        (v) => !v.days.some((d) => d.time_slots.some((s) => s.start_date === slot.start_date)),
      );
      expect(view.days.length).toBe(5);
    },
    60_000,
  );
});

it('books once for the same command id sent five times at once, and once more later', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 3 });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const body = {
    calendar_id: calendarId,
    start_date: slot.start_date,
    patient_id: await registerPatient(app),
    command_id: randomUUID(),
  };
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => app.api.as(practice.staff).post('/api/v1/appointments', body)),
  );
  const later = await app.api.as(practice.staff).post('/api/v1/appointments', body);
  for (const answer of [...answers, later]) expect(answer.status).toBe(201);
  const ids = new Set(
    [...answers, later].map((a) => (a.body.data as BookingResult).appointment_id),
  );
  expect(ids.size).toBe(1);
  expect(
    (await slotEvents(calendarId, slot.start_date)).filter((t) => t === 'SlotBooked'),
  ).toHaveLength(1);
});

it('holds a slot, books it with the hold, and refuses others meanwhile', async () => {
  const { calendarId, position } = await createCalendar(app, practice);
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient');
  const other = await createUser(app, 'Patient');
  const hold = await app.api
    .as(patient)
    .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: slot.start_date });
  expect(hold.status).toBe(200);
  const { hold_id } = hold.body.data as { hold_id: string };
  const blocked = await app.api
    .as(other)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  expect(blocked.status).toBe(409);
  expect(blocked.body.message).toBe(BOOKING_MESSAGES.alreadyBooked);
  const booked = await app.api.as(patient).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
    hold_id,
  });
  expect(booked.status).toBe(201);
  expect((booked.body.data as BookingResult).status).toBe('Scheduled');
  expect(await slotEvents(calendarId, slot.start_date)).toEqual(['SlotHeld', 'SlotBooked']);
});

it('answers Pending when the calendar asks for accept/reject, and the practice accepts', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    accept_reject_enabled: true,
  });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient');
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  const { appointment_id, status } = booked.body.data as BookingResult;
  expect(status).toBe('Pending');
  const accepted = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${appointment_id}/status`, { status: 'Accepted' });
  expect(accepted.status).toBe(200);
  const illegal = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${appointment_id}/status`, { status: 'Pending' });
  expect(illegal.status).toBe(409);
  expect(illegal.body.message).toBe('An appointment that is Accepted cannot become Pending.');
  // The patient cannot change statuses, and other practices cannot reach it.
  expect(
    (
      await app.api
        .as(patient)
        .put(`/api/v1/appointments/${appointment_id}/status`, { status: 'Confirmed' })
    ).status,
  ).toBe(403);
  const stranger = await createUser(app, 'Staff', randomUUID());
  expect((await app.api.as(stranger).get(`/api/v1/appointments/${appointment_id}`)).status).toBe(
    403,
  );
  expect((await app.api.as(patient).get(`/api/v1/appointments/${appointment_id}`)).status).toBe(
    200,
  );
});

it('gives the place back on cancel and on reject, once', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    accept_reject_enabled: true,
  });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const first = await createUser(app, 'Patient');
  const booked = await app.api
    .as(first)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  const { appointment_id } = booked.body.data as BookingResult;
  const rejected = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${appointment_id}/status`, {
      status: 'Rejected',
      reason: 'The doctor is away that day.',
    });
  expect(rejected.status).toBe(200);
  const second = await createUser(app, 'Patient');
  const again = await app.api
    .as(second)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date });
  expect(again.status).toBe(201);
  const id2 = (again.body.data as BookingResult).appointment_id;
  const canceled = await app.api
    .as(second)
    .delete(`/api/v1/appointments/${id2}`, { reason: 'Feeling better' });
  expect(canceled.status).toBe(200);
  const twice = await app.api.as(second).delete(`/api/v1/appointments/${id2}`, {});
  expect(twice.status).toBe(409);
  expect(await slotEvents(calendarId, slot.start_date)).toEqual([
    'SlotBooked',
    'SlotBookingCanceled',
    'SlotBooked',
    'SlotBookingCanceled',
  ]);
  // The read model, once the projection has applied the rejection.
  const row = await eventually(
    () =>
      app.database.db
        .selectFrom('rm_appointments')
        .select(['status', 'rejected_by'])
        .where('appointment_id', '=', appointment_id)
        .executeTakeFirst(),
    (found) => found?.status === 'Rejected',
  );
  expect(row).toEqual({ status: 'Rejected', rejected_by: practice.staff.userId });
});

it('lets a patient book for a family member but not for a stranger', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 3 });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient');
  const added = await app.api
    .as(patient)
    .post(`/api/v1/patients/${patient.userId}/family-members`, {
      first_name: 'Mia',
      last_name: 'Test',
      relationship: 'Child',
    });
  const memberId = (added.body.data as { id: string }).id;
  const forMember = await app.api.as(patient).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
    patient_id: memberId,
  });
  expect(forMember.status).toBe(201);
  const forStranger = await app.api.as(patient).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
    patient_id: await registerPatient(app),
  });
  expect(forStranger.status).toBe(403);
  const metadata = await sql<{
    on_behalf_of: string;
  }>`SELECT metadata->>'onBehalfOf' AS on_behalf_of
    FROM es_events WHERE event_type = 'AppointmentBooked'
     AND stream_id = ${`appointment-${(forMember.body.data as BookingResult).appointment_id}`}`.execute(
    app.database.db,
  );
  expect(metadata.rows[0]!.on_behalf_of).toBe(memberId);
});

it('lets staff book only for a patient or a family member who exists (404 otherwise, nothing written)', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 5 });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const guardian = await createUser(app, 'Patient');
  const added = await app.api
    .as(guardian)
    .post(`/api/v1/patients/${guardian.userId}/family-members`, {
      first_name: 'Leo',
      last_name: 'Test',
      relationship: 'Child',
    });
  const memberId = (added.body.data as { id: string }).id;
  const events = async () =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
          WHERE stream_id LIKE ${`slot-${calendarId}-%`}`.execute(app.database.db)
      ).rows[0]!.n,
    );
  for (const patientId of [randomUUID(), practice.provider.userId]) {
    for (const [path, body] of [
      ['/api/v1/appointments', { calendar_id: calendarId, start_date: slot.start_date }],
      ['/api/v1/appointments/walk-in', { calendar_id: calendarId }],
    ] as const) {
      const refused = await app.api
        .as(practice.staff)
        .post(path, { ...body, patient_id: patientId });
      expect([path, refused.status, refused.body.message]).toEqual([
        path,
        404,
        BOOKING_MESSAGES.patientNotFound,
      ]);
    }
  }
  expect(await events()).toBe(0);
  for (const patientId of [guardian.userId, memberId]) {
    const booked = await eventually(
      () =>
        app.api.as(practice.staff).post('/api/v1/appointments', {
          calendar_id: calendarId,
          start_date: slot.start_date,
          patient_id: patientId,
        }),
      (response) => response.status !== 404,
    );
    expect(booked.status).toBe(201);
  }
});

it('refuses slots that are not on the calendar or in the past', async () => {
  const { calendarId, position } = await createCalendar(app, practice);
  const slot = await tomorrowsSlot(app, calendarId, position);
  const between = new Date(new Date(slot.start_date).getTime() + 10 * 60_000).toISOString();
  for (const start of [between, '2020-01-01T13:00:00Z']) {
    const response = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: start,
      patient_id: await registerPatient(app),
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(BOOKING_MESSAGES.alreadyBooked);
  }
  const unknown = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: randomUUID(),
    start_date: slot.start_date,
    patient_id: await registerPatient(app),
  });
  expect([403, 404]).toContain(unknown.status);
});
