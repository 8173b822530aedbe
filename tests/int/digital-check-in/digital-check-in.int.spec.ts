import {
  type BookingResult,
  type CheckInSummaryView,
  type ConsentDocumentView,
  DEFAULT_DIGITAL_CHECK_IN_SETTINGS,
  DIGITAL_CHECK_IN_MESSAGES,
  type DigitalCheckInSettingsView,
  type DigitalCheckInView,
  TEST_CARDS,
} from '@medbook/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { createUser, type TestUser } from '../../support/accounts';
import { closeLiveClients, watch } from '../../support/live-client';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const M = DIGITAL_CHECK_IN_MESSAGES;
/** The clock is pinned: Tuesday 2026-03-10, 10:10 in New York (14:10 UTC). */
const now = new Date('2026-03-10T14:10:00Z');
let app: TestApp;
let practice: TestPractice;
let other: TestPractice;
let calendarId: string;
let patient: TestUser;
let stranger: TestUser;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const CARD = {
  number: TEST_CARDS.success,
  exp_month: 12,
  exp_year: 2030,
  cvc: '123',
  name_on_card: 'Grace Hopper',
};

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { accessTokenTtlSeconds: 86_400 },
  });
  [practice, other] = await Promise.all([createPractice(app), createPractice(app)]);
  ({ calendarId } = await createCalendar(app, practice, {
    can_check_in: true,
    minutes_before_showing_slots: 0,
    date_from: '2026-03-01',
  }));
  [patient, stranger] = await Promise.all([
    createUser(app, 'Patient', null, { first: 'Grace', last: 'Hopper' }),
    createUser(app, 'Patient'),
  ]);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

async function book(start: string): Promise<string> {
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  return (response.body.data as BookingResult).appointment_id;
}

const readStream = (streamId: string) => app.app.get<EventStore>(EVENT_STORE).readStream(streamId);

const settingsPath = () =>
  `/api/v1/providers/${practice.provider.userId}/digital-check-in-settings`;

async function enable(changes: Record<string, unknown>) {
  const response = await app.api.as(practice.admin).put(settingsPath(), changes);
  expect(response.status).toBe(200);
  return response.body.data as DigitalCheckInSettingsView;
}

/** The log's last position: a read at it sees every change made so far. */
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

async function upload(
  caller: TestUser,
  appointmentId: string,
  side: string,
  body: Buffer,
  type: string,
) {
  const response = await fetch(
    `${app.url}/api/v1/appointments/${appointmentId}/insurance-card/${side}`,
    { method: 'PUT', headers: { ...caller.auth, 'content-type': type }, body },
  );
  return {
    status: response.status,
    body: (await response.json()) as {
      message: string;
      data: { file_id?: string; reason?: string };
    },
  };
}

describe('settings', () => {
  it("answers the spec's defaults until a practice admin changes them; only the practice's admin may", async () => {
    const first = await app.api.as(practice.staff).get(settingsPath());
    expect(first.status).toBe(200);
    const {
      provider_id: _p,
      practice_id: _pr,
      position: _pos,
      ...settings
    } = first.body.data as DigitalCheckInSettingsView;
    expect(settings).toEqual(DEFAULT_DIGITAL_CHECK_IN_SETTINGS);
    expect(settings.copay_collection).toBe(true);
    expect(settings.digital_check_in_enabled).toBe(false);

    expect((await app.api.as(practice.staff).put(settingsPath(), { copay_amount: 5 })).status).toBe(
      403,
    );
    expect((await app.api.as(other.admin).put(settingsPath(), { copay_amount: 5 })).status).toBe(
      403,
    );
    expect((await app.api.as(other.staff).get(settingsPath())).status).toBe(403);
    expect((await app.api.as(patient).get(settingsPath())).status).toBe(403);

    const changed = await enable({
      digital_check_in_enabled: true,
      insurance_card_collection: true,
      copay_amount: 25,
      i_have_arrived_text: 'I have arrived',
    });
    expect(changed).toMatchObject({
      digital_check_in_enabled: true,
      copay_amount: 25,
      payment_collection: true,
    });
    const events = await readStream(`dci-settings-${practice.provider.userId}`);
    expect(events.map((e) => e.type)).toEqual(['DigitalCheckInSettingsChanged']);
  });

  it('refuses hostile input with 400 and writes nothing', async () => {
    const before = (await readStream(`dci-settings-${practice.provider.userId}`)).length;
    for (const body of [
      { copay_amount: 'abc' },
      { copay_amount: -1 },
      { copay_amount: 1e12 },
      { digital_check_in_enabled: 'yes' },
      { i_have_arrived_text: 'a\u0000b' },
      { i_have_arrived_text: 'x'.repeat(10_000) },
      { unknown_flag: true },
    ]) {
      const response = await app.api.as(practice.admin).put(settingsPath(), body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    expect(await readStream(`dci-settings-${practice.provider.userId}`)).toHaveLength(before);
    const missing = await app.api
      .as(practice.admin)
      .put(`/api/v1/providers/${randomUUID()}/digital-check-in-settings`, { copay_amount: 1 });
    expect(missing.status).toBe(404);
  });
});

describe('a patient checks in before arriving', () => {
  let consent: ConsentDocumentView;
  let appointmentId: string;

  beforeAll(async () => {
    await enable({
      digital_check_in_enabled: true,
      insurance_card_collection: true,
      copay_amount: 25,
    });
    const created = await app.api
      .as(practice.admin)
      .post(`/api/v1/practices/${practice.practiceId}/consents`, {
        title: 'Consent to treat',
        text: 'I consent to treatment.',
        required: true,
      });
    expect(created.status).toBe(201);
    consent = created.body.data as ConsentDocumentView;
    expect(consent.version).toBe(1);
    appointmentId = await book('2026-03-10T14:30:00Z');
  });

  it('only the practice admin writes consents; a new text is a new version', async () => {
    const path = `/api/v1/practices/${practice.practiceId}/consents`;
    const body = { title: 'X', text: 'Y', required: false };
    expect((await app.api.as(practice.staff).post(path, body)).status).toBe(403);
    expect((await app.api.as(other.admin).post(path, body)).status).toBe(403);
    expect((await app.api.as(practice.admin).post(path, { ...body, title: '' })).status).toBe(400);
    const elsewhere = await app.api
      .as(other.admin)
      .put(`/api/v1/practices/${other.practiceId}/consents/${consent.consent_id}`, body);
    expect(elsewhere.status).toBe(404);
  });

  it('shows the consent first, signs it (typed), refuses others, and a new version must be signed again', async () => {
    const first = await view(appointmentId);
    expect(first.next_step).toBe('consent');
    expect(first.copay).toMatchObject({ due: 25, paid: false });

    const staffRoom = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);
    const patientRoom = await watch(app, patient, [`appointment:${appointmentId}`]);
    expect(await (await watch(app, stranger)).join(`appointment:${appointmentId}`)).toMatchObject({
      ok: false,
    });

    const signPath = `/api/v1/appointments/${appointmentId}/consents/${consent.consent_id}/signature`;
    expect(
      (await app.api.as(stranger).post(signPath, { version: 1, kind: 'typed', typed_name: 'Eve' }))
        .status,
    ).toBe(403);
    expect(
      (await app.api.as(other.staff).get(`/api/v1/appointments/${appointmentId}/digital-check-in`))
        .status,
    ).toBe(403);
    expect(
      (
        await app.api
          .as(patient)
          .post(signPath, { version: 1, kind: 'drawn', drawn_png: 'data:image/png;base64,AAAA' })
      ).status,
    ).toBe(400);
    expect(
      (await app.api.as(patient).post(signPath, { version: 1, kind: 'typed', typed_name: '' }))
        .status,
    ).toBe(400);
    expect(
      (
        await app.api
          .as(patient)
          .post(signPath, { version: 2, kind: 'typed', typed_name: 'Grace Hopper' })
      ).status,
    ).toBe(409);

    const signed = await app.api
      .as(patient)
      .post(signPath, { version: 1, kind: 'typed', typed_name: 'Grace Hopper' });
    expect(signed.status).toBe(201);
    await patientRoom.eventually('check-in.consent', (m) =>
      m.some((x) => x.signed && x.consent_id === consent.consent_id),
    );
    await staffRoom.eventually('check-in.summary', (m) =>
      m.some((x) => x.appointment_id === appointmentId && x.change === 'consent.signed'),
    );
    expect((await view(appointmentId)).next_step).toBe('copay-payment');

    // A new text: the old signature no longer counts.
    const updated = await app.api
      .as(practice.admin)
      .put(`/api/v1/practices/${practice.practiceId}/consents/${consent.consent_id}`, {
        title: 'Consent to treat',
        text: 'I consent to treatment, v2.',
        required: true,
      });
    expect((updated.body.data as ConsentDocumentView).version).toBe(2);
    const afterUpdate = await app.api
      .as(patient)
      .get(
        `/api/v1/appointments/${appointmentId}/digital-check-in?min_position=${(updated.body.data as { position: number }).position}`,
      );
    expect((afterUpdate.body.data as DigitalCheckInView).next_step).toBe('consent');
    const drawn = await app.api.as(patient).post(signPath, {
      version: 2,
      kind: 'drawn',
      drawn_png: `data:image/png;base64,${PNG.toString('base64')}`,
    });
    expect(drawn.status).toBe(201);
    const signature = (await view(appointmentId)).consents[0]!.signed!;
    expect(signature).toMatchObject({ version: 2, kind: 'drawn' });
    const image = await fetch(`${app.url}/api/v1/check-in-files/${signature.signature_file_id}`, {
      headers: practice.staff.auth,
    });
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    // Deleted, then signed again.
    expect((await app.api.as(patient).delete(signPath)).status).toBe(200);
    await patientRoom.eventually('check-in.consent', (m) => m.some((x) => !x.signed));
    expect((await app.api.as(patient).delete(signPath)).status).toBe(404);
    expect(
      (
        await app.api
          .as(patient)
          .post(signPath, { version: 2, kind: 'typed', typed_name: 'Grace Hopper' })
      ).status,
    ).toBe(201);
  });

  it('pays the copay through the payment port, once', async () => {
    const path = `/api/v1/appointments/${appointmentId}/copay`;
    const staffRoom = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);
    expect(
      (await app.api.as(patient).post(path, { amount: 10, card: CARD, command_id: randomUUID() }))
        .body.message,
    ).toBe(M.copayMismatch);
    const declined = await app.api.as(patient).post(path, {
      amount: 25,
      card: { ...CARD, number: TEST_CARDS.declined },
      command_id: randomUUID(),
    });
    expect(declined.status).toBe(402);
    expect(
      (await app.api.as(stranger).post(path, { amount: 25, card: CARD, command_id: randomUUID() }))
        .status,
    ).toBe(403);
    const commandId = randomUUID();
    const paid = await app.api
      .as(patient)
      .post(path, { amount: 25, card: CARD, command_id: commandId });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({
      status: 'captured',
      amount: 25,
      appointment_id: appointmentId,
    });
    // The same request again answers the same payment; another one is refused.
    expect(
      (await app.api.as(patient).post(path, { amount: 25, card: CARD, command_id: commandId }))
        .status,
    ).toBe(201);
    const again = await app.api
      .as(patient)
      .post(path, { amount: 25, card: CARD, command_id: randomUUID() });
    expect([again.status, again.body.message]).toEqual([409, M.copayAlreadyPaid]);
    const copay = await staffRoom.eventually('check-in.copay', (m) => m.length > 0);
    expect(copay[0]).toMatchObject({
      appointment_id: appointmentId,
      total: 25,
      paid: 25,
      status: 'paid',
    });
    expect((await view(appointmentId)).next_step).toBe('insurance-card');
  });

  it('keeps insurance card photos of the right kinds and sizes, for the patient and the practice only', async () => {
    const text = await upload(
      patient,
      appointmentId,
      'front',
      Buffer.from('not an image at all'),
      'image/png',
    );
    expect([text.status, text.body.message]).toEqual([400, M.fileType]);
    const exe = await upload(
      patient,
      appointmentId,
      'front',
      Buffer.from('MZ\x90\x00'),
      'application/octet-stream',
    );
    expect(exe.status).toBe(400);
    const huge = await upload(
      patient,
      appointmentId,
      'front',
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]),
      'image/png',
    );
    expect([huge.status, huge.body.message]).toEqual([400, M.fileTooLarge]);
    // Far beyond the limit: refused by its announced length before it is read.
    const hugest = await upload(
      patient,
      appointmentId,
      'front',
      Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]),
      'image/png',
    );
    expect(hugest.status).toBe(400);
    expect(hugest.body).toEqual({
      status_code: 400,
      message: M.fileTooLarge,
      data: { file: 'Invalid' },
    });
    // A JSON body is no file.
    const json = await app.api
      .as(patient)
      .put(`/api/v1/appointments/${appointmentId}/insurance-card/front`, { file: 'x' });
    expect([json.status, json.body.message]).toEqual([400, M.fileType]);
    const side = await upload(patient, appointmentId, 'middle', PNG, 'image/png');
    expect(side.status).toBe(400);
    expect((await upload(stranger, appointmentId, 'front', PNG, 'image/png')).status).toBe(403);
    expect((await upload(other.staff, appointmentId, 'front', PNG, 'image/png')).status).toBe(403);

    const pdf = Buffer.from('%PDF-1.4\n%test card\n');
    const front = await upload(patient, appointmentId, 'front', PNG, 'image/png');
    expect(front.status).toBe(201);
    // Sent as "image/png" but a PDF by its bytes: kept as what it is.
    const back = await upload(patient, appointmentId, 'back', pdf, 'image/png');
    expect(back.status).toBe(201);
    const cards = (await view(appointmentId)).insurance_cards;
    expect(cards.map((c) => [c.side, c.content_type]).sort()).toEqual([
      ['back', 'application/pdf'],
      ['front', 'image/png'],
    ]);
    const events = await readStream(`digital-check-in-${appointmentId}`);
    const uploaded = events.filter((e) => e.type === 'InsuranceCardUploaded');
    expect(JSON.stringify(uploaded)).not.toContain(PNG.toString('base64'));

    const fileId = front.body.data.file_id!;
    const read = (caller: TestUser) =>
      fetch(`${app.url}/api/v1/check-in-files/${fileId}`, { headers: caller.auth });
    const mine = await read(patient);
    expect([mine.status, mine.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(PNG);
    expect((await read(practice.staff)).status).toBe(200);
    expect((await read(stranger)).status).toBe(403);
    expect((await read(other.staff)).status).toBe(403);
    expect(
      (await fetch(`${app.url}/api/v1/check-in-files/${randomUUID()}`, { headers: patient.auth }))
        .status,
    ).toBe(404);
  });

  it("the Check-In Summary shows each of the day's patients, and the patient's arrival reaches staff live", async () => {
    const staffRoom = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);
    const arrived = await app.api
      .as(patient)
      .put(`/api/v1/appointments/${appointmentId}/check-in`, {});
    expect(arrived.status).toBe(200);
    const arrival = await staffRoom.eventually('check-in.arrived', (m) => m.length > 0);
    expect(arrival[0]).toMatchObject({ appointment_id: appointmentId, patient_arrived: true });
    const change = await staffRoom.eventually('check-in.summary', (m) =>
      m.some((x) => x.change === 'patient.arrived'),
    );

    const path = `/api/v1/practices/${practice.practiceId}/check-in-summary?date=2026-03-10&min_position=${change.at(-1)!.position}`;
    const summary = await app.api.as(practice.staff).get(path);
    expect(summary.status).toBe(200);
    const row = (summary.body.data as CheckInSummaryView).rows.find(
      (r) => r.appointment_id === appointmentId,
    );
    expect(row).toMatchObject({
      patient_name: 'Grace Hopper',
      consents_signed: 1,
      consents_required: 1,
      copay_paid: true,
      insurance_card: true,
      arrived: true,
    });
    expect((await app.api.as(other.staff).get(path)).status).toBe(403);
    expect((await app.api.as(patient).get(path)).status).toBe(403);
    const badDate = await app.api
      .as(practice.staff)
      .get(`/api/v1/practices/${practice.practiceId}/check-in-summary?date=2026-02-31`);
    expect(badDate.status).toBe(400);
    const otherDay = await app.api
      .as(practice.staff)
      .get(`/api/v1/practices/${practice.practiceId}/check-in-summary?date=2026-03-11`);
    expect((otherDay.body.data as CheckInSummaryView).rows).toEqual([]);
  });
});

describe("a family member's check-in", () => {
  it('the guardian signs and uploads for the family member; their card reaches the practice and nobody else', async () => {
    const added = await app.api
      .as(patient)
      .post(`/api/v1/patients/${patient.userId}/family-members`, {
        first_name: 'Mia',
        last_name: 'Hopper',
        relationship: 'Child',
      });
    expect(added.status).toBe(201);
    const memberId = (added.body.data as { id: string }).id;
    const booked = await app.api.as(patient).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: '2026-03-10T16:00:00Z',
      patient_id: memberId,
    });
    expect(booked.status).toBe(201);
    const appointmentId = (booked.body.data as BookingResult).appointment_id;
    const checkIn = await view(appointmentId);
    expect(checkIn.patient_id).toBe(memberId);
    const consent = checkIn.consents[0]!;
    const signed = await app.api
      .as(patient)
      .post(`/api/v1/appointments/${appointmentId}/consents/${consent.consent_id}/signature`, {
        version: consent.version,
        kind: 'typed',
        typed_name: 'Grace Hopper',
      });
    expect(signed.status).toBe(201);
    const front = await upload(patient, appointmentId, 'front', PNG, 'image/png');
    expect(front.status).toBe(201);
    const read = (caller: TestUser) =>
      fetch(`${app.url}/api/v1/check-in-files/${front.body.data.file_id}`, {
        headers: caller.auth,
      });
    expect((await read(patient)).status).toBe(200);
    expect((await read(practice.admin)).status).toBe(200);
    expect((await read(stranger)).status).toBe(403);
    expect((await read(other.admin)).status).toBe(403);
    const rowAt = async (position: number) => {
      const summary = await app.api.as(practice.staff).get(
        // The upload came last: read at its position, or the card may not be in the summary yet.
        `/api/v1/practices/${practice.practiceId}/check-in-summary?date=2026-03-10&min_position=${position}`,
      );
      return (summary.body.data as CheckInSummaryView).rows.find(
        (r) => r.appointment_id === appointmentId,
      );
    };
    // One side is not the card yet (the patient's own view counts both sides).
    expect(await rowAt((front.body.data as { position: number }).position)).toMatchObject({
      patient_name: 'Mia Hopper',
      consents_signed: 1,
      insurance_card: false,
    });
    const back = await upload(patient, appointmentId, 'back', PNG, 'image/png');
    expect(back.status).toBe(201);
    expect(await rowAt((back.body.data as { position: number }).position)).toMatchObject({
      insurance_card: true,
    });
  });
});

describe('the forms step', () => {
  it("links the calendar's custom form answered in the check-in; another practice's or an unknown answer is not found", async () => {
    const { calendarId: formsCalendar, position } = await createCalendar(app, practice, {
      can_check_in: true,
      minutes_before_showing_slots: 0,
      date_from: '2026-03-01',
      custom_form_ids: ['covid-screening'],
    });
    const booked = await app.api.as(patient).post('/api/v1/appointments', {
      calendar_id: formsCalendar,
      start_date: '2026-03-10T17:00:00Z',
    });
    expect(booked.status).toBe(201);
    const appointmentId = (booked.body.data as BookingResult).appointment_id;
    expect((await view(appointmentId)).forms).toEqual({ required: true, done: false });
    // The screening reads the calendar's read model: once it has the new calendar.
    await app.api.get(`/api/v1/calendars/${formsCalendar}/custom-forms?min_position=${position}`);

    const path = `/api/v1/appointments/${appointmentId}/check-in-forms`;
    expect((await app.api.as(patient).post(path, { screening_id: randomUUID() })).status).toBe(404);
    expect((await app.api.as(patient).post(path, { screening_id: 'x' })).status).toBe(400);
    const screening = await app.api
      .as(patient)
      .post(`/api/v1/calendars/${formsCalendar}/screening`, {
        patient_id: patient.userId,
        form_id: 'covid-screening',
        answers: { fever: 'no', cough: 'no', contact: 'no' },
      });
    expect(screening.status).toBe(201);
    const screeningId = (screening.body.data as { screening_id: string }).screening_id;
    expect((await app.api.as(stranger).post(path, { screening_id: screeningId })).status).toBe(403);
    const answered = await app.api.as(patient).post(path, { screening_id: screeningId });
    expect(answered.status).toBe(201);
    expect((await view(appointmentId)).forms).toEqual({ required: true, done: true });
    const summary = await app.api
      .as(practice.staff)
      .get(
        `/api/v1/practices/${practice.practiceId}/check-in-summary?date=2026-03-10&min_position=${(answered.body.data as { position: number }).position}`,
      );
    expect(
      (summary.body.data as CheckInSummaryView).rows.find((r) => r.appointment_id === appointmentId)
        ?.forms_done,
    ).toBe(true);
  });
});
