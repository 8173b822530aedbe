import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  type CommandAccepted,
  type FamilyPassportView,
  type PassportVerificationView,
  VACCINATION_MESSAGES,
  type VaccinationPassportView,
  type VaccinationView,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { sql } from 'kysely';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { signPassport } from '../../../apps/api/src/modules/vaccination/domain/passport-signature';
import { vaccinationsProjection } from '../../../apps/api/src/modules/vaccination/projections/vaccinations.projection';
import { createUser, type TestUser } from '../../support/accounts';
import { closeLiveClients, watch } from '../../support/live-client';
import { createCalendar, type TestPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let clinic: TestPractice;
let otherClinic: TestPractice;
let holder: TestUser;
let memberId: string;
let stranger: TestUser;

/** A practice registered in the directory (its name goes on the passport), with its users. */
async function registeredPractice(operator: TestUser, name: string): Promise<TestPractice> {
  const response = await app.api
    .as(operator)
    .post('/api/v1/practices', { name, time_zone: 'America/New_York' });
  expect(response.status).toBe(201);
  const practiceId = (response.body.data as CommandAccepted).id;
  const [admin, staff, provider] = await Promise.all([
    createUser(app, 'PracticeAdmin', practiceId),
    createUser(app, 'Staff', practiceId),
    createUser(app, 'Provider', practiceId),
  ]);
  return { practiceId, admin, staff, provider };
}

/** The patient books a visit at the practice: from then on they are its patient. */
async function bookAt(practice: TestPractice, patient: TestUser, patientId: string, index: number) {
  const { calendarId, position } = await createCalendar(app, practice);
  const slot = await tomorrowsSlot(app, calendarId, position, index);
  const booked = await app.api.as(patient).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
    patient_id: patientId,
  });
  expect(booked.status).toBe(201);
}

const vaccinationsOf = (practice: TestPractice, patientId: string) =>
  `/api/v1/practices/${practice.practiceId}/patients/${patientId}/vaccinations`;

const dose = (overrides: Record<string, unknown> = {}) => ({
  vaccine_kind: 'Covid',
  vaccine_name: 'Comirnaty',
  administered_on: '2026-01-15',
  lot_number: 'fa1234',
  dose_number: 1,
  ...overrides,
});

async function record(by: TestUser, practice: TestPractice, patientId: string, body = dose()) {
  const response = await app.api.as(by).post(vaccinationsOf(practice, patientId), body);
  expect([response.status, response.body.message]).toEqual([201, VACCINATION_MESSAGES.recorded]);
  return response.body.data as CommandAccepted;
}

async function passportOf(by: TestUser, patientId: string, position: number) {
  const response = await app.api
    .as(by)
    .get(`/api/v1/patients/${patientId}/vaccination-passport?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as VaccinationPassportView;
}

async function verify(patientId: string, token: string) {
  const response = await app.api.post('/api/v1/vaccination-passports/verification', {
    patient_id: patientId,
    token,
  });
  expect(response.status).toBe(200);
  return response.body.data as PassportVerificationView;
}

/** The token with its signed JSON changed, the signature kept. */
function altered(token: string, change: (json: string) => string): string {
  const [payload, signature] = token.split('.') as [string, string];
  const json = inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8');
  const changed = change(json);
  expect(changed).not.toBe(json);
  return `${deflateRawSync(Buffer.from(changed)).toString('base64url')}.${signature}`;
}

beforeAll(async () => {
  app = await startTestApp();
  const operator = await createUser(app, 'SuperUser');
  [clinic, otherClinic, holder, stranger] = await Promise.all([
    registeredPractice(operator, 'Harbor Vaccination Clinic'),
    registeredPractice(operator, 'Other Town Clinic'),
    createUser(app, 'Patient', null, { first: 'Ada', last: 'Lovelace' }),
    createUser(app, 'Patient', null, { first: 'Grace', last: 'Hopper' }),
  ]);
  const member = await app.api.as(holder).post(`/api/v1/patients/${holder.userId}/family-members`, {
    first_name: 'Byron',
    last_name: 'Lovelace',
    relationship: 'Child',
    birth_date: '2015-05-05',
  });
  expect(member.status).toBe(201);
  memberId = (member.body.data as CommandAccepted).id;
  await bookAt(clinic, holder, holder.userId, 0);
  await bookAt(clinic, holder, memberId, 1);
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

describe('recording vaccinations', () => {
  it('staff record a dose that the patient then reads, signed into a passport a verifier finds genuine', async () => {
    const { id, position } = await record(clinic.staff, clinic, holder.userId);
    const list = await app.api
      .as(holder)
      .get(`/api/v1/patients/${holder.userId}/vaccinations?min_position=${position}`);
    expect(list.status).toBe(200);
    expect(list.body.data as VaccinationView[]).toEqual([
      expect.objectContaining({
        vaccination_id: id,
        vaccine_kind: 'Covid',
        vaccine_name: 'Comirnaty',
        administered_on: '2026-01-15',
        lot_number: 'FA1234',
        dose_number: 1,
        practice_id: clinic.practiceId,
        practice_name: 'Harbor Vaccination Clinic',
      }),
    ]);

    const passport = await passportOf(holder, holder.userId, position);
    expect(passport.data).toMatchObject({
      patient_id: holder.userId,
      name: 'Ada Lovelace',
      vaccinations: [
        {
          kind: 'Covid',
          vaccine: 'Comirnaty',
          date: '2026-01-15',
          lot: 'FA1234',
          dose: 1,
          practice: 'Harbor Vaccination Clinic',
        },
      ],
    });
    expect(passport.verification_path).toBe(
      `/vaccine-passport/${holder.userId}/verification#${passport.token}`,
    );
    // Small enough for a QR code's link (version 40 holds 2,953 bytes at level L).
    expect(passport.verification_path.length).toBeLessThan(1200);

    const checked = await verify(holder.userId, passport.token);
    expect(checked).toEqual({
      genuine: true,
      message: VACCINATION_MESSAGES.genuine,
      data: passport.data,
    });
  });

  it('a changed date, name or lot breaks the signature, and a passport shown for someone else is refused', async () => {
    const { position } = await record(
      clinic.provider,
      clinic,
      holder.userId,
      dose({ vaccine_kind: 'Other', vaccine_name: 'Fluzone', lot_number: 'UJ7788' }),
    );
    const { token } = await passportOf(holder, holder.userId, position);
    for (const change of [
      (json: string) => json.replace('2026-01-15', '2026-01-14'),
      (json: string) => json.replace('Ada Lovelace', 'Ada Lovelacf'),
      (json: string) => json.replace('UJ7788', 'UJ7789'),
    ]) {
      expect(await verify(holder.userId, altered(token, change))).toEqual({
        genuine: false,
        message: VACCINATION_MESSAGES.notGenuine,
        data: null,
      });
    }
    expect(await verify(stranger.userId, token)).toEqual({
      genuine: false,
      message: VACCINATION_MESSAGES.otherPatient,
      data: null,
    });
  });

  it('a passport signed by another key is not genuine', async () => {
    const { position } = await record(
      clinic.staff,
      clinic,
      holder.userId,
      dose({ dose_number: 2, administered_on: '2026-02-15' }),
    );
    const { data } = await passportOf(holder, holder.userId, position);
    const forged = signPassport(data, generateKeyPairSync('ed25519').privateKey);
    expect((await verify(holder.userId, forged)).genuine).toBe(false);
  });

  it('the guardian reads a family member’s record and passport, and the family page lists both', async () => {
    const { position } = await record(
      clinic.staff,
      clinic,
      memberId,
      dose({ administered_on: '2021-06-01' }),
    );
    const passport = await passportOf(holder, memberId, position);
    expect(passport.data).toMatchObject({ name: 'Byron Lovelace', birth_date: '2015-05-05' });
    expect((await verify(memberId, passport.token)).genuine).toBe(true);

    const family = await app.api
      .as(holder)
      .get(`/api/v1/patients/${holder.userId}/vaccination-passports?min_position=${position}`);
    expect(family.status).toBe(200);
    const people = family.body.data as FamilyPassportView[];
    expect(people.map((p) => [p.patient_id, p.name, p.relationship])).toEqual([
      [holder.userId, 'Ada Lovelace', null],
      [memberId, 'Byron Lovelace', 'Child'],
    ]);
    expect(people.every((p) => p.passport !== null)).toBe(true);
  });

  it('answers 204 (no record) when nothing is recorded, and the family page says so per person', async () => {
    const fresh = await createUser(app, 'Patient');
    for (const path of ['vaccinations', 'vaccination-passport']) {
      const response = await app.api.as(fresh).get(`/api/v1/patients/${fresh.userId}/${path}`);
      expect([path, response.status]).toEqual([path, 204]);
    }
    const family = await app.api
      .as(fresh)
      .get(`/api/v1/patients/${fresh.userId}/vaccination-passports`);
    expect(family.body.data).toEqual([
      expect.objectContaining({ patient_id: fresh.userId, passport: null }),
    ]);
  });

  it('refuses a future day, a day before birth and the same dose twice; a retry records once', async () => {
    const future = await app.api
      .as(clinic.staff)
      .post(vaccinationsOf(clinic, memberId), dose({ administered_on: '2099-01-01' }));
    expect([future.status, future.body.message]).toEqual([400, VACCINATION_MESSAGES.dateInFuture]);
    const beforeBirth = await app.api
      .as(clinic.staff)
      .post(
        vaccinationsOf(clinic, memberId),
        dose({ administered_on: '2015-05-04', dose_number: 5 }),
      );
    expect([beforeBirth.status, beforeBirth.body.message]).toEqual([
      400,
      VACCINATION_MESSAGES.dateBeforeBirth,
    ]);
    const again = await app.api
      .as(clinic.staff)
      .post(vaccinationsOf(clinic, memberId), dose({ administered_on: '2021-07-01' }));
    expect([again.status, again.body.message]).toEqual([
      409,
      VACCINATION_MESSAGES.doseAlreadyRecorded,
    ]);

    const body = dose({ dose_number: 3, administered_on: '2022-01-01', command_id: randomUUID() });
    const first = await record(clinic.staff, clinic, memberId, body);
    const retry = await record(clinic.staff, clinic, memberId, body);
    expect(retry.id).toBe(first.id);
    const list = await app.api
      .as(holder)
      .get(`/api/v1/patients/${memberId}/vaccinations?min_position=${retry.position}`);
    const third = (list.body.data as VaccinationView[]).filter((v) => v.dose_number === 3);
    expect(third).toHaveLength(1);
  });
});

describe('who may record and read', () => {
  it('another practice’s staff may neither record for nor read the patient; patients may not record', async () => {
    const foreign = await app.api
      .as(otherClinic.staff)
      .post(vaccinationsOf(otherClinic, holder.userId), dose({ dose_number: 9 }));
    expect([foreign.status, foreign.body.message]).toEqual([
      403,
      VACCINATION_MESSAGES.notPracticePatient,
    ]);
    const wrongPractice = await app.api
      .as(otherClinic.staff)
      .post(vaccinationsOf(clinic, holder.userId), dose({ dose_number: 9 }));
    expect(wrongPractice.status).toBe(403);
    const byPatient = await app.api
      .as(holder)
      .post(vaccinationsOf(clinic, holder.userId), dose({ dose_number: 9 }));
    expect(byPatient.status).toBe(403);

    const foreignRead = await app.api
      .as(otherClinic.staff)
      .get(`/api/v1/patients/${holder.userId}/vaccinations`);
    expect(foreignRead.status).toBe(403);
    const ownRead = await app.api
      .as(clinic.admin)
      .get(`/api/v1/patients/${holder.userId}/vaccinations`);
    expect(ownRead.status).toBe(200);
  });

  it('another patient reads neither the record, the passport nor the family list', async () => {
    for (const path of [
      `/api/v1/patients/${holder.userId}/vaccinations`,
      `/api/v1/patients/${holder.userId}/vaccination-passport`,
      `/api/v1/patients/${memberId}/vaccination-passport`,
      `/api/v1/patients/${holder.userId}/vaccination-passports`,
    ]) {
      const response = await app.api.as(stranger).get(path);
      expect([path, response.status]).toEqual([path, 403]);
    }
    const anonymous = await app.api.get(`/api/v1/patients/${holder.userId}/vaccination-passport`);
    expect(anonymous.status).toBe(401);
  });

  it('staff record for a patient their desk registered (no visit yet), and the other practice may not', async () => {
    const registered = await app.api
      .as(clinic.staff)
      .post(`/api/v1/practices/${clinic.practiceId}/patients`, {
        first_name: 'Katherine',
        last_name: 'Johnson',
        birth_date: '1990-12-10',
        mobile_number: '(555) 201-7788',
      });
    expect(registered.status).toBe(201);
    const { patient_id } = (registered.body.data as { patient: { patient_id: string } }).patient;
    await record(clinic.staff, clinic, patient_id, dose({ administered_on: '2025-10-01' }));
    const beforeBirth = await app.api
      .as(clinic.staff)
      .post(
        vaccinationsOf(clinic, patient_id),
        dose({ administered_on: '1990-12-09', dose_number: 2 }),
      );
    expect(beforeBirth.status).toBe(400);
    const foreign = await app.api
      .as(otherClinic.provider)
      .post(vaccinationsOf(otherClinic, patient_id), dose({ dose_number: 3 }));
    expect(foreign.status).toBe(403);
  });

  it('staff may not record for someone who is not their patient, nor for nobody', async () => {
    const notOurs = await app.api
      .as(clinic.staff)
      .post(vaccinationsOf(clinic, stranger.userId), dose());
    expect([notOurs.status, notOurs.body.message]).toEqual([
      403,
      VACCINATION_MESSAGES.notPracticePatient,
    ]);
    const nobody = await app.api
      .as(clinic.staff)
      .post(vaccinationsOf(clinic, randomUUID()), dose());
    expect([nobody.status, nobody.body.message]).toEqual([
      404,
      VACCINATION_MESSAGES.patientNotFound,
    ]);
  });
});

describe('hostile input', () => {
  it('answers 400 to malformed doses and writes nothing', async () => {
    const before = await app.api.as(holder).get(`/api/v1/patients/${holder.userId}/vaccinations`);
    const cases: Record<string, unknown>[] = [
      dose({ vaccine_kind: 'Flu' }),
      dose({ vaccine_name: 'Comir\u0000naty' }),
      dose({ vaccine_name: 'x'.repeat(100_000) }),
      dose({ vaccine_name: '' }),
      dose({ administered_on: '2026-02-30' }),
      dose({ administered_on: '15/01/2026' }),
      dose({ administered_on: 20260115 }),
      dose({ lot_number: 'lot number with spaces' }),
      dose({ lot_number: 'L'.repeat(31) }),
      dose({ dose_number: 0 }),
      dose({ dose_number: 1.5 }),
      dose({ dose_number: 1e12 }),
      dose({ dose_number: 'one' }),
      dose({ command_id: 'not-a-uuid' }),
      { ...dose(), extra: 'field' },
    ];
    for (const body of cases) {
      const response = await app.api
        .as(clinic.staff)
        .post(vaccinationsOf(clinic, holder.userId), body);
      expect([JSON.stringify(body).slice(0, 80), response.status]).toEqual([
        JSON.stringify(body).slice(0, 80),
        400,
      ]);
    }
    const badId = await app.api
      .as(clinic.staff)
      .post(`/api/v1/practices/${clinic.practiceId}/patients/not-a-uuid/vaccinations`, dose());
    expect(badId.status).toBe(400);
    const after = await app.api.as(holder).get(`/api/v1/patients/${holder.userId}/vaccinations`);
    expect(after.body.data).toEqual(before.body.data);
  });

  it('answers 400 to malformed passport tokens and "not genuine" to well-formed garbage', async () => {
    for (const body of [
      { patient_id: holder.userId, token: 'no-dot' },
      { patient_id: holder.userId, token: `${'A'.repeat(5000)}.${'B'.repeat(86)}` },
      { patient_id: holder.userId, token: `abc.${'B'.repeat(85)}` },
      { patient_id: 'x', token: `abc.${'B'.repeat(86)}` },
      { patient_id: holder.userId, token: `ab\u0000c.${'B'.repeat(86)}` },
      { patient_id: holder.userId },
    ]) {
      const response = await app.api.post('/api/v1/vaccination-passports/verification', body);
      expect(response.status).toBe(400);
    }
    // A zip bomb: a payload that inflates far beyond any passport.
    const bomb = deflateRawSync(Buffer.alloc(2_000_000, 0x41)).toString('base64url');
    expect(bomb.length).toBeLessThan(4000);
    expect(await verify(holder.userId, `${bomb}.${'B'.repeat(86)}`)).toMatchObject({
      genuine: false,
    });
    expect(await verify(holder.userId, `abc.${'B'.repeat(86)}`)).toMatchObject({ genuine: false });
  });
});

describe('the email link', () => {
  const emailsTo = (address: string) =>
    app.database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', address)
      .where('subject', 'like', 'Vaccination Passport:%')
      .execute();
  const emailLink = (by: TestUser, patientId: string, position?: number) =>
    app.api
      .as(by)
      .post(
        `/api/v1/patients/${patientId}/vaccination-passport/email-link${position ? `?min_position=${position}` : ''}`,
        {},
      );

  it('sends the passport link to its holder: the patient, or the guardian of a family member', async () => {
    const own = await record(clinic.staff, clinic, holder.userId, dose({ dose_number: 12 }));
    const before = (await emailsTo(holder.email)).length;
    const sent = await emailLink(holder, holder.userId, own.position);
    expect([sent.status, sent.body.message]).toEqual([200, VACCINATION_MESSAGES.linkSent]);
    const mail = await emailsTo(holder.email);
    expect(mail).toHaveLength(before + 1);
    const link = /https?:\/\/\S+\/vaccine-passport\/([0-9a-f-]{36})\/verification#(\S+)/.exec(
      mail.at(-1)!.body,
    );
    expect(link?.[1]).toBe(holder.userId);
    expect(await verify(holder.userId, link![2]!)).toMatchObject({ genuine: true });

    const child = await record(clinic.staff, clinic, memberId, dose({ dose_number: 13 }));
    expect((await emailLink(holder, memberId, child.position)).status).toBe(200);
    const toGuardian = await emailsTo(holder.email);
    expect(toGuardian).toHaveLength(before + 2);
    expect(toGuardian.at(-1)!.body).toContain(`/vaccine-passport/${memberId}/verification#`);
    expect(toGuardian.at(-1)!.subject).toBe('Vaccination Passport: Byron Lovelace');
  });

  it('lets a support agent issue a passport to its holder, never to the agent', async () => {
    const agent = await createUser(app, 'SupportAgent');
    const { position } = await record(
      clinic.staff,
      clinic,
      holder.userId,
      dose({ dose_number: 14 }),
    );
    const before = (await emailsTo(holder.email)).length;
    expect((await emailLink(agent, holder.userId, position)).status).toBe(200);
    expect(await emailsTo(holder.email)).toHaveLength(before + 1);
    expect(await emailsTo(agent.email)).toHaveLength(0);
  });

  it('refuses another patient (403) and a person with nothing recorded (404)', async () => {
    const refused = await emailLink(stranger, holder.userId);
    expect(refused.status).toBe(403);
    const nothing = await emailLink(stranger, stranger.userId);
    expect([nothing.status, nothing.body.message]).toEqual([404, VACCINATION_MESSAGES.noRecord]);
    expect(await emailsTo(stranger.email)).toHaveLength(0);
  });
});

describe('the signing key', () => {
  it('is the same for every process on one database; a rotated key keeps older passports genuine until retired', async () => {
    const { position } = await record(
      clinic.staff,
      clinic,
      holder.userId,
      dose({ dose_number: 4, administered_on: '2026-03-15' }),
    );
    const { token } = await passportOf(holder, holder.userId, position);
    const verifyOn = async (server: TestApp, checked: string) => {
      const response = await server.api.post('/api/v1/vaccination-passports/verification', {
        patient_id: holder.userId,
        token: checked,
      });
      expect(response.status).toBe(200);
      return response.body.data as PassportVerificationView;
    };
    const second = await startTestApp({ database: app.database });
    try {
      expect((await verifyOn(second, token)).genuine).toBe(true);
    } finally {
      await second.close();
    }
    // The key is rotated: a process starts with a configured new key on the same database.
    const pem = generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const rotated = await startTestApp({
      database: app.database,
      config: { passportSigningKey: Buffer.from(pem).toString('base64') },
    });
    let newToken: string;
    let oldKid: string;
    try {
      const own = await rotated.api
        .as(holder)
        .get(`/api/v1/patients/${holder.userId}/vaccination-passport`);
      const passport = own.body.data as VaccinationPassportView;
      newToken = passport.token;
      oldKid = (await verifyOn(rotated, token)).data!.kid;
      expect(passport.data.kid).not.toBe(oldKid);
      // Both verify on the new process, and on the first, which still signs with the old key
      // and meets the new key's id for the first time.
      expect(await verifyOn(rotated, token)).toMatchObject({ genuine: true });
      expect(await verifyOn(rotated, newToken)).toMatchObject({ genuine: true });
      expect(await verifyOn(app, newToken)).toMatchObject({ genuine: true });
    } finally {
      await rotated.close();
    }
    // The old key retired (PASSPORT_RETIRED_KEY_IDS): its passports are no longer believed.
    const retiring = await startTestApp({
      database: app.database,
      config: {
        passportSigningKey: Buffer.from(pem).toString('base64'),
        passportRetiredKeyIds: [oldKid],
      },
    });
    try {
      expect(await verifyOn(retiring, token)).toMatchObject({ genuine: false, data: null });
      expect(await verifyOn(retiring, newToken)).toMatchObject({ genuine: true });
    } finally {
      await retiring.close();
    }
  });
});

describe('live', () => {
  it('a recorded dose reaches the patient and, for a family member, the guardian; nobody else', async () => {
    const [patient, guardian, other] = await Promise.all([
      watch(app, holder),
      watch(app, holder),
      watch(app, stranger),
    ]);
    const own = await record(
      clinic.staff,
      clinic,
      holder.userId,
      dose({ dose_number: 7, administered_on: '2026-05-01' }),
    );
    const member = await record(
      clinic.staff,
      clinic,
      memberId,
      dose({ dose_number: 7, administered_on: '2026-05-01' }),
    );
    await patient.eventually('vaccination.recorded', (heard) =>
      heard.some((m) => m.vaccination_id === own.id && m.position === own.position),
    );
    await guardian.eventually('vaccination.recorded', (heard) =>
      heard.some((m) => m.vaccination_id === member.id && m.patient_id === memberId),
    );
    // The stranger's socket is told nothing (the guardian heard both by now).
    expect(other.heard('vaccination.recorded')).toEqual([]);
    // Nor may the stranger join the patient's room.
    expect((await other.join(`user:${holder.userId}`)).ok).toBe(false);
  });
});

describe('the read model', () => {
  it('is rebuilt from the log with the same rows, batch-wise and event by event', async () => {
    const { position } = await record(
      clinic.staff,
      clinic,
      holder.userId,
      dose({ dose_number: 6, administered_on: '2026-04-15' }),
    );
    await app.api
      .as(holder)
      .get(`/api/v1/patients/${holder.userId}/vaccinations?min_position=${position}`);
    const rows = async () => {
      const { rows: found } = await sql<{ row: string }>`
        SELECT t::text AS row FROM rm_vaccinations t ORDER BY 1`.execute(app.database.db);
      return found.map((r) => r.row);
    };
    const live = await rows();
    expect(live.length).toBeGreaterThanOrEqual(6);
    const rebuilder = new ProjectionRebuilder(
      app.app.get<EventStore>(EVENT_STORE),
      app.database.db,
      { now: () => new Date() },
    );
    for (const eventByEvent of [false, true]) {
      await rebuilder.rebuildAll([vaccinationsProjection], { eventByEvent });
      expect({ eventByEvent, rows: await rows() }).toEqual({ eventByEvent, rows: live });
    }
  });
});
