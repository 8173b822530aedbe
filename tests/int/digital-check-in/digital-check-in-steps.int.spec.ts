import {
  BOOKING_MESSAGES,
  type BookingResult,
  type CheckInSummaryView,
  DIGITAL_CHECK_IN_MESSAGES,
  type DigitalCheckInView,
  type PatientDigitalCheckInsView,
  TEST_CARDS,
} from '@medbook/contracts';
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@medbook/event-store';
import { sql } from 'kysely';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { createUser, type TestUser } from '../../support/accounts';
import { closeLiveClients, watch } from '../../support/live-client';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const M = DIGITAL_CHECK_IN_MESSAGES;
/** The clock is pinned: Tuesday 2026-03-10, 10:10 in New York (14:10 UTC). */
const now = new Date('2026-03-10T14:10:00Z');
const DAY = '2026-03-10';
let app: TestApp;
/** Staff approve entry here; the arrival notification is on. */
let gated: TestPractice;
/** Patients are checked in as they arrive here. */
let open: TestPractice;
let gatedCalendar: string;
let openCalendar: string;
let patient: TestUser;
let stranger: TestUser;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { accessTokenTtlSeconds: 86_400 },
  });
  [gated, open] = await Promise.all([createPractice(app), createPractice(app)]);
  const calendar = {
    can_check_in: false,
    minutes_before_showing_slots: 0,
    date_from: '2026-03-01',
  };
  [{ calendarId: gatedCalendar }, { calendarId: openCalendar }] = await Promise.all([
    createCalendar(app, gated, calendar),
    createCalendar(app, open, calendar),
  ]);
  [patient, stranger] = await Promise.all([
    createUser(app, 'Patient', null, { first: 'Grace', last: 'Hopper' }),
    createUser(app, 'Patient'),
  ]);
  await settings(gated, {
    digital_check_in_enabled: true,
    staff_approved_entry: true,
    arrival_notification_enabled: true,
    ready_for_patient_text: 'Room 3 is ready for you.',
  });
  await settings(open, { digital_check_in_enabled: true });
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

async function settings(practice: TestPractice, changes: Record<string, unknown>) {
  const response = await app.api
    .as(practice.admin)
    .put(`/api/v1/providers/${practice.provider.userId}/digital-check-in-settings`, changes);
  expect(response.status).toBe(200);
}

async function book(calendarId: string, start: string): Promise<string> {
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  return (response.body.data as BookingResult).appointment_id;
}

const readStream = (streamId: string) => app.app.get<EventStore>(EVENT_STORE).readStream(streamId);
const types = async (streamId: string) => (await readStream(streamId)).map((e) => e.type);

async function head(): Promise<number> {
  const { rows } = await sql<{
    p: string | null;
  }>`SELECT max(global_position) AS p FROM es_events`.execute(app.database.db);
  return Number(rows[0]?.p ?? 0);
}

async function view(appointmentId: string, caller: TestUser = patient) {
  const response = await app.api
    .as(caller)
    .get(`/api/v1/appointments/${appointmentId}/digital-check-in?min_position=${await head()}`);
  expect(response.status).toBe(200);
  return response.body.data as DigitalCheckInView;
}

async function summaryRow(practice: TestPractice, appointmentId: string) {
  const response = await app.api
    .as(practice.staff)
    .get(
      `/api/v1/practices/${practice.practiceId}/check-in-summary?date=${DAY}&min_position=${await head()}`,
    );
  expect(response.status).toBe(200);
  return (response.body.data as CheckInSummaryView).rows.find(
    (r) => r.appointment_id === appointmentId,
  )!;
}

async function upload(caller: TestUser, path: string, body: Buffer, type: string) {
  const response = await fetch(`${app.url}/api/v1${path}`, {
    method: 'PUT',
    headers: { ...caller.auth, 'content-type': type },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data: { file_id?: string } },
  };
}

describe('staff-approved entry and the arrival and ready notifications', () => {
  it('the patient waits after "I have arrived"; staff are alerted, mark them ready, and the patient is told', async () => {
    const appointmentId = await book(gatedCalendar, '2026-03-10T14:30:00Z');
    const arrival = `/api/v1/appointments/${appointmentId}/arrival`;
    const ready = `/api/v1/appointments/${appointmentId}/ready`;
    const staffRoom = await watch(app, gated.staff, [`practice:${gated.practiceId}`]);
    const patientRoom = await watch(app, patient, [`appointment:${appointmentId}`]);

    // Nobody is ready before they have arrived; only the practice's users say so.
    const early = await app.api.as(gated.staff).post(ready, {});
    expect([early.status, early.body.message]).toEqual([409, M.notArrived]);
    expect((await app.api.as(open.staff).post(ready, {})).status).toBe(403);
    expect((await app.api.as(patient).post(ready, {})).status).toBe(403);
    expect((await app.api.as(stranger).post(arrival, {})).status).toBe(403);
    expect((await app.api.as(gated.staff).post(arrival, {})).status).toBe(403);

    const arrived = await app.api.as(patient).post(arrival, {});
    expect(arrived.status).toBe(200);
    expect(arrived.body.data).toMatchObject({ status: 'Scheduled', awaiting_entry: true });
    // The appointment is not checked in: the patient waits for the practice.
    expect(await types(`appointment-${appointmentId}`)).toEqual(['AppointmentBooked']);
    const notice = await staffRoom.eventually('check-in.arrived', (m) =>
      m.some((x) => x.appointment_id === appointmentId),
    );
    expect(notice.at(-1)).toMatchObject({
      patient_arrived: true,
      awaiting_entry: true,
      notify: true,
    });
    // Pressing again, and checking in around the practice, change nothing / are refused.
    expect((await app.api.as(patient).post(arrival, {})).status).toBe(200);
    const self = await app.api
      .as(patient)
      .put(`/api/v1/appointments/${appointmentId}/check-in`, {});
    expect([self.status, self.body.message]).toEqual([409, M.entryByStaff]);
    expect(await types(`digital-check-in-${appointmentId}`)).toEqual(['PatientArrived']);

    const waiting = await view(appointmentId);
    expect(waiting.arrival).toMatchObject({ awaiting_entry: true, ready_text: null });
    expect(waiting.next_step).toBe('done');
    expect(await summaryRow(gated, appointmentId)).toMatchObject({
      arrived: true,
      awaiting_entry: true,
      ready: false,
    });

    const marked = await app.api.as(gated.staff).post(ready, {});
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ status: 'Checked-In', awaiting_entry: false });
    const told = await patientRoom.eventually('check-in.ready', (m) => m.length > 0);
    expect(told[0]).toMatchObject({
      appointment_id: appointmentId,
      text: 'Room 3 is ready for you.',
    });
    expect(await types(`appointment-${appointmentId}`)).toEqual([
      'AppointmentBooked',
      'AppointmentStatusChanged',
    ]);
    const after = await view(appointmentId);
    expect(after.arrival).toMatchObject({
      awaiting_entry: false,
      ready_text: 'Room 3 is ready for you.',
    });
    expect(after.arrived).toBe(true);
    expect(await summaryRow(gated, appointmentId)).toMatchObject({
      awaiting_entry: false,
      ready: true,
      arrived: true,
    });
    // The arrival notification is on: the ready text went to the patient's email too.
    const mails = await app.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', patient.email)
      .where('body', '=', 'Room 3 is ready for you.')
      .execute();
    expect(mails).toHaveLength(1);
    // Once: a second "ready" writes and sends nothing.
    expect((await app.api.as(gated.staff).post(ready, {})).status).toBe(200);
    expect(await types(`digital-check-in-${appointmentId}`)).toEqual([
      'PatientArrived',
      'PatientMarkedReady',
    ]);
  });

  it('without staff approval the arrival checks the patient in at once, within the window only', async () => {
    const appointmentId = await book(openCalendar, '2026-03-10T14:30:00Z');
    const staffRoom = await watch(app, open.staff, [`practice:${open.practiceId}`]);
    const arrived = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/arrival`, {});
    expect(arrived.status).toBe(200);
    expect(arrived.body.data).toMatchObject({ status: 'Checked-In', awaiting_entry: false });
    expect(await types(`appointment-${appointmentId}`)).toEqual([
      'AppointmentBooked',
      'AppointmentStatusChanged',
    ]);
    // The arrival notification is off here: the practice's pages are not asked to alert.
    const heard = await staffRoom.eventually('check-in.arrived', (m) =>
      m.some((x) => x.appointment_id === appointmentId && x.awaiting_entry === false),
    );
    expect(heard.every((x) => x.notify !== true)).toBe(true);
    expect((await view(appointmentId)).arrival.awaiting_entry).toBe(false);

    // Four hours ahead: the window (an hour before) is not open yet.
    const later = await book(openCalendar, '2026-03-10T18:00:00Z');
    const refused = await app.api.as(patient).post(`/api/v1/appointments/${later}/arrival`, {});
    expect([refused.status, refused.body.message]).toEqual([
      409,
      BOOKING_MESSAGES.checkInUnavailable,
    ]);
    expect(await types(`digital-check-in-${later}`)).toEqual([]);
  });

  it('refuses an arrival while the provider has digital check-in off', async () => {
    const practice = await createPractice(app);
    const { calendarId } = await createCalendar(app, practice, {
      minutes_before_showing_slots: 0,
      date_from: '2026-03-01',
    });
    const appointmentId = await book(calendarId, '2026-03-10T14:30:00Z');
    const refused = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/arrival`, {});
    expect([refused.status, refused.body.message]).toEqual([400, M.notEnabled]);
  });
});

describe('the information the settings collect', () => {
  let appointmentId: string;
  const path = (tail: string) => `/api/v1/appointments/${appointmentId}/${tail}`;

  beforeAll(async () => {
    appointmentId = await book(openCalendar, '2026-03-10T15:00:00Z');
  });

  it('refuses each step while its setting is off', async () => {
    const contact = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      relationship: 'Sister',
      phone: '555-0100',
    };
    const off = await app.api.as(patient).put(path('emergency-contact'), contact);
    expect([off.status, off.body.message]).toEqual([400, M.notCollected]);
    const noHistory = await app.api
      .as(patient)
      .put(path('medical-history'), { allergies_history: 'x' });
    expect([noHistory.status, noHistory.body.message]).toEqual([400, M.notCollected]);
    expect((await view(appointmentId)).information.steps).toEqual([]);
  });

  it("collects what is switched on, in the spec's words on bad input, and the practice reads it", async () => {
    await settings(open, {
      emergency_contact_collection: true,
      preferred_pharmacy_collection: true,
      skip_preferred_pharmacy_collection: true,
      government_issued_id_collection: true,
      allergies_history_collection: true,
      medications_history_collection: true,
    });
    expect((await view(appointmentId)).next_step).toBe('information');
    expect((await summaryRow(open, appointmentId)).information_required).toBe(4);

    // Emergency contact: names by the spec's name rule, phone at most 14 characters.
    const contact = { first_name: 'Ada', last_name: 'Lovelace', relationship: 'Sister' };
    for (const [change, message] of [
      [{ first_name: '', phone: '5550100' }, 'Required'],
      [{ last_name: 'R2D2', phone: '5550100' }, 'Invalid'],
      [{ phone: 'call me' }, 'Invalid'],
      [{ phone: '1'.repeat(20) }, 'Invalid character length'],
      [{ relationship: 'x'.repeat(36), phone: '5550100' }, 'Invalid character length'],
      [{ phone: '5550100', x: 1 }, 'property x should not exist'],
    ] as const) {
      const response = await app.api
        .as(patient)
        .put(path('emergency-contact'), { ...contact, ...change });
      expect({ change, status: response.status }).toEqual({ change, status: 400 });
      expect(JSON.stringify(response.body)).toContain(message);
    }
    const given = await app.api
      .as(patient)
      .put(path('emergency-contact'), { ...contact, phone: '555-0100' });
    expect(given.status).toBe(200);
    expect(
      (
        await app.api.as(stranger).put(path('emergency-contact'), {
          first_name: 'Eve',
          last_name: 'Intruder',
          relationship: 'None',
          phone: '5550100',
        })
      ).status,
    ).toBe(403);

    // Histories: each one asked is required; one not asked is refused.
    const missing = await app.api
      .as(patient)
      .put(path('medical-history'), { allergies_history: 'Penicillin' });
    expect([missing.status, missing.body.data]).toEqual([400, { medications_history: 'Required' }]);
    const extra = await app.api.as(patient).put(path('medical-history'), {
      allergies_history: 'Penicillin',
      medications_history: 'None',
      social_history: 'Runs',
    });
    expect([extra.status, extra.body.data]).toEqual([400, { social_history: 'Invalid' }]);
    expect(
      (
        await app.api.as(patient).put(path('medical-history'), {
          allergies_history: 'Penicillin',
          medications_history: 'None',
        })
      ).status,
    ).toBe(200);

    // The pharmacy may be skipped (its skip flag is on); the ID may not.
    expect(
      (await app.api.as(patient).post(path('check-in-steps/preferred-pharmacy/skip'), {})).status,
    ).toBe(200);
    const noSkip = await app.api.as(patient).post(path('check-in-steps/government-id/skip'), {});
    expect([noSkip.status, noSkip.body.message]).toEqual([400, M.notSkippable]);
    expect((await app.api.as(patient).post(path('check-in-steps/insurance/skip'), {})).status).toBe(
      400,
    );
    const text = await upload(
      patient,
      `/appointments/${appointmentId}/government-id`,
      Buffer.from('hello'),
      'image/png',
    );
    expect([text.status, text.body.message]).toEqual([400, M.fileType]);
    const id = await upload(
      patient,
      `/appointments/${appointmentId}/government-id`,
      PNG,
      'image/png',
    );
    expect(id.status).toBe(201);

    const practiceView = await view(appointmentId, open.staff);
    expect(practiceView.information).toMatchObject({
      steps: ['emergency-contact', 'preferred-pharmacy', 'government-id', 'medical-history'],
      emergency_contact: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        relationship: 'Sister',
        phone: '555-0100',
      },
      preferred_pharmacy: null,
      skipped: ['preferred-pharmacy'],
      government_id: { file_id: id.body.data.file_id, content_type: 'image/png' },
      histories: { allergies_history: 'Penicillin', medications_history: 'None' },
    });
    expect(practiceView.information.done_steps).toHaveLength(4);
    expect(practiceView.next_step).toBe('arrive');
    const file = await fetch(`${app.url}/api/v1/check-in-files/${id.body.data.file_id}`, {
      headers: open.staff.auth,
    });
    expect(file.status).toBe(200);
    expect(
      (
        await fetch(`${app.url}/api/v1/check-in-files/${id.body.data.file_id}`, {
          headers: stranger.auth,
        })
      ).status,
    ).toBe(403);
    expect(await summaryRow(open, appointmentId)).toMatchObject({
      information_required: 4,
      information_done: 4,
    });
  });
});

describe("the Check-In Summary's insurance card", () => {
  it('is ticked once both sides are in, as the patient sees it', async () => {
    await settings(open, { insurance_card_collection: true });
    const appointmentId = await book(openCalendar, '2026-03-10T15:30:00Z');
    const card = (side: string, body: Buffer) =>
      upload(patient, `/appointments/${appointmentId}/insurance-card/${side}`, body, 'image/png');
    expect((await card('front', PNG)).status).toBe(201);
    expect((await summaryRow(open, appointmentId)).insurance_card).toBe(false);
    expect((await view(appointmentId)).next_step).toBe('insurance-card');
    // The same side again is still one side.
    expect((await card('front', Buffer.concat([PNG, Buffer.from([0])]))).status).toBe(201);
    expect((await summaryRow(open, appointmentId)).insurance_card).toBe(false);
    expect((await card('back', Buffer.from('%PDF-1.4\n%back\n'))).status).toBe(201);
    expect((await summaryRow(open, appointmentId)).insurance_card).toBe(true);
  });
});

describe("the vendor's check-in address", () => {
  it('hands the appointment to the vendor once and tells the appointment room where to go', async () => {
    const appointmentId = await book(openCalendar, '2026-03-10T16:00:00Z');
    const path = `/api/v1/appointments/${appointmentId}/digital-check-in/vendor`;
    const room = await watch(app, patient, [`appointment:${appointmentId}`]);
    for (const redirect_uri of ['https://evil.example/x', '//evil.example', '', 'dashboard']) {
      const response = await app.api.as(patient).post(path, { redirect_uri });
      expect({ redirect_uri, status: response.status }).toEqual({ redirect_uri, status: 400 });
    }
    expect(
      (await app.api.as(stranger).post(path, { redirect_uri: '/dashboard/patient' })).status,
    ).toBe(403);
    const added = await app.api.as(patient).post(path, { redirect_uri: '/dashboard/patient' });
    expect(added.status).toBe(202);
    const heard = await room.eventually('check-in.added', (m) => m.length > 0);
    const url = new URL(heard[0]!.check_in_url, 'http://local');
    expect(url.pathname).toBe('/patient/digital-check-in');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      system_type: 'Internal',
      appointment_id: appointmentId,
      redirect_uri: '/dashboard/patient',
    });
    expect((await view(appointmentId)).vendor_check_in_url).toBe(heard[0]!.check_in_url);
    expect(
      (await app.api.as(patient).post(path, { redirect_uri: '/dashboard/patient' })).status,
    ).toBe(202);
    expect(await types(`digital-check-in-${appointmentId}`)).toEqual(['VendorAppointmentAdded']);
  });
});

describe("the patient dashboard's entry", () => {
  it("lists the patient's upcoming visits whose provider has digital check-in on", async () => {
    const practice = await createPractice(app);
    const { calendarId } = await createCalendar(app, practice, {
      minutes_before_showing_slots: 0,
      date_from: '2026-03-01',
    });
    const on = await book(openCalendar, '2026-03-11T14:00:00Z');
    const off = await book(calendarId, '2026-03-11T14:00:00Z');
    const canceled = await book(openCalendar, '2026-03-11T15:00:00Z');
    expect((await app.api.as(patient).delete(`/api/v1/appointments/${canceled}`, {})).status).toBe(
      200,
    );
    const path = `/api/v1/patients/${patient.userId}/digital-check-ins?min_position=${await head()}`;
    const listed = await app.api.as(patient).get(path);
    expect(listed.status).toBe(200);
    const ids = (listed.body.data as PatientDigitalCheckInsView).appointment_ids;
    expect(ids).toContain(on);
    expect(ids).not.toContain(off);
    expect(ids).not.toContain(canceled);
    expect((await app.api.as(stranger).get(path)).status).toBe(403);
    expect((await app.api.as(open.staff).get(path)).status).toBe(403);
  });
});

describe('the outstanding balance, the deductible and a partial payment', () => {
  const CARD = {
    number: TEST_CARDS.success,
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
    name_on_card: 'Grace Hopper',
  };

  it('the practice says what is due beyond the copay; the patient pays at least the copay and at most all of it', async () => {
    const practice = await createPractice(app);
    const { calendarId } = await createCalendar(app, practice, {
      minutes_before_showing_slots: 0,
      date_from: '2026-03-01',
    });
    await settings(practice, { digital_check_in_enabled: true, copay_amount: 20 });
    const appointmentId = await book(calendarId, '2026-03-10T16:30:00Z');
    const charges = `/api/v1/appointments/${appointmentId}/check-in-charges`;
    const body = { outstanding_balance: 40, deductible: 10 };
    expect((await app.api.as(patient).put(charges, body)).status).toBe(403);
    expect((await app.api.as(open.staff).put(charges, body)).status).toBe(403);
    for (const bad of [
      { outstanding_balance: -1, deductible: 0 },
      { outstanding_balance: 1.234, deductible: 0 },
      { outstanding_balance: 'forty', deductible: 0 },
      { outstanding_balance: 1e9, deductible: 0 },
      { deductible: 0 },
    ]) {
      const response = await app.api.as(practice.staff).put(charges, bad);
      expect({ bad, status: response.status }).toEqual({ bad, status: 400 });
    }
    expect((await app.api.as(practice.staff).put(charges, body)).status).toBe(200);
    expect((await view(appointmentId)).copay).toMatchObject({
      due: 70,
      copay: 20,
      outstanding_balance: 40,
      deductible: 10,
      minimum: 20,
      paid: false,
    });

    const pay = (amount: number) =>
      app.api.as(patient).post(`/api/v1/appointments/${appointmentId}/copay`, {
        amount,
        card: CARD,
        command_id: randomUUID(),
      });
    const staffRoom = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);
    for (const amount of [10, 80]) {
      const refused = await pay(amount);
      expect([amount, refused.status, refused.body.message]).toEqual([amount, 400, M.partialRange]);
    }
    const paid = await pay(45);
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ status: 'captured', amount: 45 });
    const heard = await staffRoom.eventually('check-in.copay', (m) => m.length > 0);
    expect(heard[0]).toMatchObject({ appointment_id: appointmentId, total: 70, paid: 45 });
    expect((await view(appointmentId)).copay).toMatchObject({ paid: true, amount_paid: 45 });
    const late = await app.api
      .as(practice.staff)
      .put(charges, { outstanding_balance: 0, deductible: 0 });
    expect([late.status, late.body.message]).toEqual([409, M.copayAlreadyPaid]);

    // Without partial payment: all of it. Deductible collection off: not asked for.
    await settings(practice, { allow_partial_payment: false, deductible_collection: false });
    const whole = await book(calendarId, '2026-03-10T17:00:00Z');
    expect(
      (await app.api.as(practice.admin).put(`/api/v1/appointments/${whole}/check-in-charges`, body))
        .status,
    ).toBe(200);
    expect((await view(whole)).copay).toMatchObject({ due: 60, deductible: 0, minimum: 60 });
    const part = await app.api.as(patient).post(`/api/v1/appointments/${whole}/copay`, {
      amount: 20,
      card: CARD,
      command_id: randomUUID(),
    });
    expect([part.status, part.body.message]).toEqual([400, M.copayMismatch]);
  });
});
