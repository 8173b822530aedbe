import {
  type AppointmentPage,
  type AppointmentView,
  type BookingResult,
  REJECT_REASON_MAX_LENGTH,
  REQUEST_MESSAGES,
  type RequestDecisionsResult,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { DateTime } from 'luxon';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { appointmentStreamId } from '../../../apps/api/src/modules/scheduling/domain/appointment.events';
import { createUser, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let patient: TestUser;
let calendarId: string;
let slots: string[];
let nextSlot = 0;
const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  patient = await createUser(app, 'Patient', null, { first: 'Ann', last: 'Lee' });
  const created = await createCalendar(app, practice, {
    accept_reject_enabled: true,
    booking_capacity: 3,
  });
  calendarId = created.calendarId;
  const view = await week(
    app,
    calendarId,
    `?start_date=${tomorrow}&min_position=${created.position}`,
  );
  slots = view.days[0]!.time_slots.map((s) => s.start_date);
});

afterAll(async () => {
  await app.close();
});

/** A request (the calendar asks to accept or reject): Pending. */
async function request(): Promise<BookingResult> {
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: slots[nextSlot++]! });
  expect(booked.status).toBe(201);
  const result = booked.body.data as BookingResult;
  expect(result.status).toBe('Pending');
  return result;
}

const reject = (by: TestUser, appointmentId: string, body: Record<string, unknown>) =>
  app.api
    .as(by)
    .put(`/api/v1/appointments/${appointmentId}/status`, { status: 'Rejected', ...body });

async function patientsView(appointmentId: string, position: number): Promise<AppointmentView> {
  const list = await app.api
    .as(patient)
    .get(`/api/v1/appointments/patient?pageNo=1&pageSize=100&min_position=${position}`);
  expect(list.status).toBe(200);
  return (list.body.data as AppointmentPage).appointments.find(
    (a) => a.appointment_id === appointmentId,
  )!;
}

it('keeps the reason of a rejection, trimmed, in its event and on the patient’s appointment', async () => {
  const { appointment_id } = await request();
  const rejected = await reject(practice.staff, appointment_id, {
    reason: '  Dr Test is away that week; please book the week after.  ',
  });
  expect(rejected.status).toBe(200);
  const { position } = rejected.body.data as { position: number };

  const events = await app.app
    .get<EventStore>(EVENT_STORE)
    .readStream(appointmentStreamId(appointment_id));
  expect(events.at(-1)?.data).toEqual(
    expect.objectContaining({
      status: 'Rejected',
      rejected_by: practice.staff.userId,
      reason: 'Dr Test is away that week; please book the week after.',
    }),
  );
  const seen = await patientsView(appointment_id, position);
  expect(seen).toEqual(
    expect.objectContaining({
      status: 'Rejected',
      rejection_reason: 'Dr Test is away that week; please book the week after.',
    }),
  );
  // The appointment read from its own stream tells it too, now and as of now.
  for (const query of ['', `?as_of=${encodeURIComponent(new Date().toISOString())}`]) {
    const one = await app.api.as(patient).get(`/api/v1/appointments/${appointment_id}${query}`);
    expect(one.body.data).toEqual(
      expect.objectContaining({
        status: 'Rejected',
        rejection_reason: 'Dr Test is away that week; please book the week after.',
      }),
    );
  }
});

it('refuses a rejection without a reason, with a blank one or one too long (400, nothing written)', async () => {
  const { appointment_id } = await request();
  for (const body of [
    {},
    { reason: '    ' },
    { reason: 'x'.repeat(REJECT_REASON_MAX_LENGTH + 1) },
  ]) {
    const refused = await reject(practice.staff, appointment_id, body);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toMatch(
      body.reason?.length === REJECT_REASON_MAX_LENGTH + 1
        ? REQUEST_MESSAGES.reasonTooLong
        : REQUEST_MESSAGES.reasonRequired,
    );
  }
  const wrongType = await reject(practice.staff, appointment_id, { reason: 42 });
  expect(wrongType.status).toBe(400);
  const events = await app.app
    .get<EventStore>(EVENT_STORE)
    .readStream(appointmentStreamId(appointment_id));
  expect(events.map((e) => e.type)).toEqual(['AppointmentBooked']);

  // The longest reason allowed is kept whole.
  const longest = 'y'.repeat(REJECT_REASON_MAX_LENGTH);
  const kept = await reject(practice.staff, appointment_id, { reason: longest });
  expect(kept.status).toBe(200);
  const seen = await patientsView(
    appointment_id,
    (kept.body.data as { position: number }).position,
  );
  expect(seen.rejection_reason).toBe(longest);
});

it('lets only the practice reject; accepting needs no reason', async () => {
  const { appointment_id } = await request();
  const stranger = await createUser(app, 'Staff', crypto.randomUUID());
  expect((await reject(patient, appointment_id, { reason: 'No' })).status).toBe(403);
  expect((await reject(stranger, appointment_id, { reason: 'No' })).status).toBe(403);
  const accepted = await app.api
    .as(practice.provider)
    .put(`/api/v1/appointments/${appointment_id}/status`, { status: 'Accepted' });
  expect(accepted.status).toBe(200);
  const seen = await patientsView(
    appointment_id,
    (accepted.body.data as { position: number }).position,
  );
  expect(seen).toEqual(expect.objectContaining({ status: 'Accepted', rejection_reason: null }));
});

describe('several requests at once', () => {
  const decide = (by: TestUser, decisions: Record<string, unknown>[]) =>
    app.api.as(by).post('/api/v1/appointments/requests/decisions', { decisions });

  it('decides each on its own and reports every outcome: one failure leaves the others decided', async () => {
    const [first, second, third] = [await request(), await request(), await request()];
    // The third is decided elsewhere first: the batch's accept of it must not go through.
    const elsewhere = await reject(practice.admin, third.appointment_id, { reason: 'Duplicate' });
    expect(elsewhere.status).toBe(200);

    const answer = await decide(practice.staff, [
      { appointment_id: first.appointment_id, status: 'Accepted' },
      { appointment_id: third.appointment_id, status: 'Accepted' },
      { appointment_id: second.appointment_id, status: 'Rejected', reason: 'Fully booked' },
      { appointment_id: crypto.randomUUID(), status: 'Accepted' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(REQUEST_MESSAGES.decided);
    const result = answer.body.data as RequestDecisionsResult;
    expect(
      result.outcomes.map((o) => [o.appointment_id, o.ok, o.status, o.status_code, o.message]),
    ).toEqual([
      [first.appointment_id, true, 'Accepted', 200, null],
      [
        third.appointment_id,
        false,
        null,
        409,
        'This request is no longer pending: it is Rejected.',
      ],
      [second.appointment_id, true, 'Rejected', 200, null],
      [expect.any(String), false, null, 404, 'This appointment does not exist.'],
    ]);
    expect(result.position).toBe(Math.max(...result.outcomes.map((o) => o.position)));

    const views = await Promise.all(
      [first, second, third].map((r) => patientsView(r.appointment_id, result.position)),
    );
    expect(views.map((v) => [v.status, v.rejection_reason])).toEqual([
      ['Accepted', null],
      ['Rejected', 'Fully booked'],
      ['Rejected', 'Duplicate'],
    ]);
  });

  it('validates the batch (400) and answers another practice’s requests with 403 each', async () => {
    const pending = await request();
    const bad = [
      [],
      [{ appointment_id: pending.appointment_id, status: 'Checked-In' }],
      [{ appointment_id: pending.appointment_id, status: 'Rejected' }],
      [{ appointment_id: pending.appointment_id, status: 'Rejected', reason: '' }],
      [{ appointment_id: 'nope', status: 'Accepted' }],
      Array.from({ length: 51 }, () => ({
        appointment_id: pending.appointment_id,
        status: 'Accepted',
      })),
    ];
    for (const decisions of bad) {
      expect((await decide(practice.staff, decisions)).status).toBe(400);
    }
    const missingReason = await decide(practice.staff, [
      { appointment_id: pending.appointment_id, status: 'Rejected' },
    ]);
    expect(JSON.stringify(missingReason.body)).toContain(REQUEST_MESSAGES.reasonRequired);
    expect(
      (await decide(patient, [{ appointment_id: pending.appointment_id, status: 'Accepted' }]))
        .status,
    ).toBe(403);

    const stranger = await createUser(app, 'Staff', crypto.randomUUID());
    const theirs = await decide(stranger, [
      { appointment_id: pending.appointment_id, status: 'Accepted' },
    ]);
    expect(theirs.status).toBe(200);
    expect((theirs.body.data as RequestDecisionsResult).outcomes).toEqual([
      expect.objectContaining({ ok: false, status_code: 403 }),
    ]);
    const still = await patientsView(pending.appointment_id, pending.position);
    expect(still.status).toBe('Pending');
  });
});
