import { randomUUID } from 'node:crypto';
import type {
  AuditPage,
  BookingResult,
  PatientRegistered,
  PatientSearchResult,
  PracticeWalkInQueue,
} from '@medbook/contracts';
import { createUser, registerPatient, type TestUser } from '../../support/accounts';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let other: TestPractice;

beforeAll(async () => {
  app = await startTestApp();
  [practice, other] = await Promise.all([createPractice(app), createPractice(app)]);
});

afterAll(async () => {
  await app.close();
});

const patientsOf = (p: TestPractice) => `/api/v1/practices/${p.practiceId}/patients`;

type PatientBody = Record<string, string | undefined> & {
  last_name: string;
  mobile_number: string;
};

const newPatient = (overrides: Record<string, string | undefined> = {}): PatientBody => ({
  first_name: 'Ada',
  // Eight letters from a random id (a to p): two patients of one run never share a last name.
  last_name: `Lovelace${randomUUID()
    .slice(0, 8)
    .replace(/[0-9a-f]/g, (c) => String.fromCharCode(97 + parseInt(c, 16)))}`,
  birth_date: '1990-12-10',
  mobile_number: `(555) ${100 + Math.floor(Math.random() * 900)}-${
    1000 + Math.floor(Math.random() * 9000)
  }`,
  ...overrides,
});

async function register(
  by: TestUser,
  body: Record<string, unknown>,
  p: TestPractice = practice,
): Promise<PatientRegistered> {
  const response = await app.api.as(by).post(patientsOf(p), body);
  if (response.status !== 201) throw new Error(`register: ${JSON.stringify(response.body)}`);
  return response.body.data as PatientRegistered;
}

async function search(by: TestUser, q: string, position = 0, p: TestPractice = practice) {
  const min = position ? `&min_position=${position}` : '';
  const response = await app.api.as(by).get(`${patientsOf(p)}?q=${encodeURIComponent(q)}${min}`);
  expect(response.status).toBe(200);
  return (response.body.data as PatientSearchResult).patients;
}

describe('registering a patient at the desk', () => {
  it('creates a patient without a password whom the desk then finds by name, phone or birth date', async () => {
    const body = newPatient({ email: `ada-${randomUUID().slice(0, 8)}@example.com` });
    const { patient, position } = await register(practice.staff, body);
    expect(patient).toMatchObject({
      first_name: 'Ada',
      last_name: body.last_name,
      birth_date: '1990-12-10',
      mobile_number: body.mobile_number,
      email: body.email,
      known_to_practice: true,
    });

    const byName = await search(practice.staff, `ada ${body.last_name.slice(0, 6)}`, position);
    expect(byName.map((p) => p.patient_id)).toContain(patient.patient_id);
    const digits = body.mobile_number.replace(/\D/g, '');
    const byPhone = await search(practice.provider, digits.slice(-7), position);
    expect(byPhone.map((p) => p.patient_id)).toContain(patient.patient_id);
    const byBirth = await search(practice.admin, `12/10/1990 ${body.last_name}`, position);
    expect(byBirth.map((p) => p.patient_id)).toEqual([patient.patient_id]);

    // The practice's trail tells who registered whom.
    const trail = await app.api
      .as(practice.admin)
      .get(
        `/api/v1/practices/${practice.practiceId}/audit?patient_id=${patient.patient_id}&min_position=${position}`,
      );
    expect((trail.body.data as AuditPage).entries).toEqual([
      expect.objectContaining({
        event_type: 'PatientRegisteredAtPractice',
        summary: 'Registered a new patient at the front desk (an account they can claim later)',
        patient_name: `Ada ${body.last_name}`,
        actor: expect.objectContaining({
          id: practice.staff.userId,
          on_behalf_of: patient.patient_id,
        }) as unknown,
      }),
    ]);

    // The account has no password: signing in fails until the patient claims it.
    const login = await app.api.post('/api/v1/auth/login', {
      username: body.email,
      password: 'a'.repeat(64),
    });
    expect(login.status).toBe(401);
  });

  it('registers a patient without an email, and a retry with the same command id registers nobody twice', async () => {
    const body = newPatient({ command_id: randomUUID() });
    const first = await register(practice.staff, body);
    const again = await register(practice.staff, body);
    expect(again.patient.patient_id).toBe(first.patient.patient_id);
    const found = await search(practice.staff, body.last_name, again.position);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ email: null, account_holder: null });
  });

  it('answers 409 when the email is already an account, and registers nobody', async () => {
    const existing = await createUser(app, 'Patient');
    const body = newPatient({ email: existing.email });
    const response = await app.api.as(practice.staff).post(patientsOf(practice), body);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Email already in use.');
    expect(await search(practice.staff, body.last_name)).toEqual([]);
  });

  it('answers 400 with the shared messages for bad input', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newPatient({ birth_date: undefined }), 'Required'],
      [newPatient({ birth_date: '1990-02-30' }), 'Invalid'],
      [newPatient({ birth_date: '2999-01-01' }), 'Invalid'],
      [newPatient({ mobile_number: 'call me' }), 'Invalid'],
      [newPatient({ first_name: 'A' }), 'Invalid character length'],
      [newPatient({ last_name: 'Bob\u0000by' }), 'last_name must not contain control characters'],
      [newPatient({ email: 'not-an-email' }), 'Invalid'],
    ];
    for (const [body, message] of cases) {
      const response = await app.api.as(practice.staff).post(patientsOf(practice), body);
      expect(response.status).toBe(400);
      expect((response.body.data as { errors: string[] }).errors).toContain(message);
    }
    const short = await app.api.as(practice.staff).get(`${patientsOf(practice)}?q=a`);
    expect(short.status).toBe(400);
  });

  it('stores names as people read them (NFC) and finds them typed either way', async () => {
    const decomposed = 'Jose\u0301';
    const { patient, position } = await register(
      practice.staff,
      newPatient({ first_name: decomposed, last_name: 'Nu\u0301n\u0303ez' }),
    );
    expect(patient.first_name).toBe('José');
    const found = await search(practice.staff, 'José Núñez', position);
    expect(found.map((p) => p.patient_id)).toContain(patient.patient_id);
  });

  it('is for the practice’s own providers, staff and admins: others get 403', async () => {
    const patient = await createUser(app, 'Patient');
    for (const outsider of [patient, other.staff]) {
      const post = await app.api.as(outsider).post(patientsOf(practice), newPatient());
      expect(post.status).toBe(403);
      const get = await app.api.as(outsider).get(`${patientsOf(practice)}?q=Ada`);
      expect(get.status).toBe(403);
    }
  });
});

describe('whose patients the desk finds', () => {
  it("finds its own patients by part of a name, another practice's only by a full phone, an email or name with birth date", async () => {
    const body = newPatient({ email: `grace-${randomUUID().slice(0, 8)}@example.com` });
    const { patient, position } = await register(other.staff, body, other);
    expect(await search(practice.staff, body.last_name, position)).toEqual([]);
    expect((await search(other.staff, body.last_name, position, other))[0]?.patient_id).toBe(
      patient.patient_id,
    );

    const byPhone = await search(practice.staff, body.mobile_number, position);
    expect(byPhone).toEqual([
      expect.objectContaining({ patient_id: patient.patient_id, known_to_practice: false }),
    ]);
    const byEmail = await search(practice.staff, body.email!.toUpperCase(), position);
    expect(byEmail.map((p) => p.patient_id)).toEqual([patient.patient_id]);
    const byNameAndBirth = await search(
      practice.staff,
      `Ada ${body.last_name} 1990-12-10`,
      position,
    );
    expect(byNameAndBirth.map((p) => p.patient_id)).toEqual([patient.patient_id]);
  });

  it('finds patients who booked with the practice (family members too, with their account holder)', async () => {
    const { calendarId, position } = await createCalendar(app, practice);
    const holder = await createUser(app, 'Patient', null, { first: 'Hedy', last: 'Lamarrtest' });
    const member = await app.api
      .as(holder)
      .post(`/api/v1/patients/${holder.userId}/family-members`, {
        first_name: 'Anthony',
        last_name: 'Lamarrtest',
        relationship: 'Child',
        birth_date: '2015-05-05',
      });
    expect(member.status).toBe(201);
    const memberId = (member.body.data as { id: string }).id;
    expect(await search(practice.staff, 'Lamarrtest', position)).toEqual([]);

    const slot = await tomorrowsSlot(app, calendarId, position);
    const booked = await app.api.as(holder).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      patient_id: memberId,
    });
    expect(booked.status).toBe(201);
    const found = await search(
      practice.staff,
      'Lamarrtest',
      (booked.body.data as BookingResult).position,
    );
    expect(found).toEqual([
      expect.objectContaining({
        patient_id: memberId,
        birth_date: '2015-05-05',
        account_holder: 'Hedy Lamarrtest',
        known_to_practice: true,
      }),
    ]);
  });
});

describe('booking for a patient at the desk', () => {
  it('holds and books with the wizard rules, recorded as the staff member on behalf of the patient', async () => {
    const { calendarId, position } = await createCalendar(app, practice);
    const { patient } = await register(practice.staff, newPatient());
    const slot = await tomorrowsSlot(app, calendarId, position);
    const hold = await app.api
      .as(practice.staff)
      .put(`/api/v1/calendars/${calendarId}/slots/hold`, {
        start_date: slot.start_date,
        patient_id: patient.patient_id,
      });
    expect(hold.status).toBe(200);
    const holdId = (hold.body.data as { hold_id: string }).hold_id;

    // The slot is held: a patient on the web cannot take it (capacity 1).
    const someone = await createUser(app, 'Patient');
    const taken = await app.api.as(someone).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
    });
    expect(taken.status).toBe(409);

    const booked = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      patient_id: patient.patient_id,
      hold_id: holdId,
      reason: 'Back pain',
    });
    expect(booked.status).toBe(201);
    const result = booked.body.data as BookingResult;
    expect(result.status).toBe('Scheduled');

    const appointment = await app.api
      .as(practice.staff)
      .get(`/api/v1/appointments/${result.appointment_id}`);
    expect(appointment.status).toBe(200);
    expect(appointment.body.data).toMatchObject({
      patient_id: patient.patient_id,
      booked_by: practice.staff.userId,
      reason: 'Back pain',
    });

    const trail = await app.api
      .as(practice.admin)
      .get(
        `/api/v1/practices/${practice.practiceId}/audit?appointment_id=${result.appointment_id}&min_position=${result.position}`,
      );
    expect(trail.status).toBe(200);
    const booking = (trail.body.data as AuditPage).entries.find(
      (e) => e.event_type === 'AppointmentBooked',
    );
    expect(booking?.actor).toMatchObject({
      id: practice.staff.userId,
      role: 'Staff',
      on_behalf_of: patient.patient_id,
    });
    expect(booking?.patient_name).toBe(`${patient.first_name} ${patient.last_name}`);
  });

  it('makes a request Pending on an accept/reject calendar, and joins a full slot’s waiting list', async () => {
    const { calendarId, position } = await createCalendar(app, practice, {
      accept_reject_enabled: true,
      wait_list_enabled: true,
    });
    const { patient } = await register(practice.staff, newPatient());
    const slot = await tomorrowsSlot(app, calendarId, position);
    const booked = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      patient_id: patient.patient_id,
    });
    expect(booked.status).toBe(201);
    expect((booked.body.data as BookingResult).status).toBe('Pending');

    const second = await register(practice.staff, newPatient());
    const full = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      patient_id: second.patient.patient_id,
    });
    expect(full.status).toBe(409);
    const joined = await app.api.as(practice.staff).post('/api/v1/waitlist', {
      calendar_id: calendarId,
      patient_id: second.patient.patient_id,
    });
    expect(joined.status).toBe(201);
    expect(joined.body.message).toBe('Added to waitlist');
  });

  it("refuses patients that do not exist (404) and other practices' calendars (403)", async () => {
    const { calendarId, position } = await createCalendar(app, practice);
    const slot = await tomorrowsSlot(app, calendarId, position);
    const ghost = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      patient_id: randomUUID(),
    });
    expect(ghost.status).toBe(404);
    const ghostHold = await app.api
      .as(practice.staff)
      .put(`/api/v1/calendars/${calendarId}/slots/hold`, {
        start_date: slot.start_date,
        patient_id: randomUUID(),
      });
    expect(ghostHold.status).toBe(404);

    const patientId = await registerPatient(app);
    const elsewhere = await app.api.as(other.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      patient_id: patientId,
    });
    expect(elsewhere.status).toBe(403);
    const walkIn = await app.api
      .as(other.staff)
      .post('/api/v1/appointments/walk-in', { calendar_id: calendarId, patient_id: patientId });
    expect(walkIn.status).toBe(403);
  });

  it('adds a walk-in for a patient at the desk: in the queue, on behalf of the patient', async () => {
    const { calendarId } = await createCalendar(app, practice);
    const { patient } = await register(practice.staff, newPatient({ first_name: 'Walker' }));
    const response = await app.api.as(practice.staff).post('/api/v1/appointments/walk-in', {
      calendar_id: calendarId,
      patient_id: patient.patient_id,
      reason: 'Sore throat',
    });
    expect(response.status).toBe(201);
    const result = response.body.data as BookingResult;
    const board = await app.api
      .as(practice.staff)
      .get(
        `/api/v1/practices/${practice.practiceId}/walk-in-queue?min_position=${result.position}`,
      );
    const entries = (board.body.data as PracticeWalkInQueue).queues.flatMap((q) => q.entries);
    expect(entries.find((e) => e.appointment_id === result.appointment_id)).toBeDefined();

    const trail = await app.api
      .as(practice.admin)
      .get(
        `/api/v1/practices/${practice.practiceId}/audit?appointment_id=${result.appointment_id}&min_position=${result.position}`,
      );
    const entry = (trail.body.data as AuditPage).entries.find(
      (e) => e.event_type === 'AppointmentBooked',
    );
    expect(entry?.actor).toMatchObject({
      id: practice.staff.userId,
      on_behalf_of: patient.patient_id,
    });

    const ghost = await app.api
      .as(practice.staff)
      .post('/api/v1/appointments/walk-in', { calendar_id: calendarId, patient_id: randomUUID() });
    expect(ghost.status).toBe(404);
  });
});
