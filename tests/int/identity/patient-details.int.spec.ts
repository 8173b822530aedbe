// `GET|PUT /patients/{id}` (the spec's "PUT update patient"): a patient corrects their own and
// their family's details; a practice's people correct those of the practice's patients; every
// rule is the API's own, and the practice's trail tells what its people changed.
import { randomUUID } from 'node:crypto';
import type {
  AuditPage,
  CommandAccepted,
  FamilyMemberView,
  PatientDetailsView,
  PatientRegistered,
  PatientSearchResult,
  UserView,
} from '@medbook/contracts';
import { createUser, type TestUser } from '../../support/accounts';
import { createPractice, type TestPractice } from '../../support/scheduling';
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

const SAVED = 'Patient details saved.';
const NOT_FOUND = 'This patient does not exist.';
const FORBIDDEN_STATUS = 403;

interface Details {
  first_name: string;
  last_name: string;
  middle_name?: string;
  birth_date?: string;
  gender?: string;
  mobile_number?: string;
  zip_code?: string;
  relationship?: string;
  command_id?: string;
}

const details = async (caller: TestUser, id: string): Promise<PatientDetailsView> => {
  const response = await app.api.as(caller).get(`/api/v1/patients/${id}`);
  if (response.status !== 200) throw new Error(`details: ${JSON.stringify(response.body)}`);
  return response.body.data as PatientDetailsView;
};

const update = (caller: TestUser, id: string, body: Details) =>
  app.api.as(caller).put(`/api/v1/patients/${id}`, body);

const errorsOf = (body: { data: unknown }): string[] =>
  (body.data as { errors?: string[] } | null)?.errors ?? [];

async function addChild(patient: TestUser): Promise<string> {
  const added = await app.api
    .as(patient)
    .post(`/api/v1/patients/${patient.userId}/family-members`, {
      relationship: 'Child',
      first_name: 'Bo',
      last_name: 'Lee',
      birth_date: '2019-02-03',
    });
  expect(added.status).toBe(201);
  return (added.body.data as CommandAccepted).id;
}

describe("a patient's own details", () => {
  it('are changed field by field, read back at once, and a new mobile number is unverified', async () => {
    const patient = await createUser(app, 'Patient', null, { first: 'Ann', last: 'Lee' });
    const saved = await update(patient, patient.userId, {
      first_name: ' Ann ',
      last_name: 'Park',
      middle_name: 'Marie',
      birth_date: '1990-04-01',
      gender: 'Female',
      mobile_number: '(555) 010-0111',
      zip_code: '10001',
    });
    expect({ status: saved.status, message: saved.body.message }).toEqual({
      status: 200,
      message: SAVED,
    });
    expect(await details(patient, patient.userId)).toEqual({
      id: patient.userId,
      kind: 'account',
      first_name: 'Ann',
      last_name: 'Park',
      middle_name: 'Marie',
      birth_date: '1990-04-01',
      gender: 'Female',
      mobile_number: '(555) 010-0111',
      zip_code: '10001',
      email: patient.email,
      relationship: null,
      account_holder_id: null,
    });
    const me = (await app.api.as(patient).get('/api/v1/users/me')).body.data as UserView;
    expect(me.name.full_name).toBe('Ann Marie Park');
    expect(me.zip_code).toBe('10001');
    expect(me.credentials.is_mobile_verified).toBe(false);

    // A field left out is cleared (PUT replaces); the same details again record nothing.
    const cleared = await update(patient, patient.userId, { first_name: 'Ann', last_name: 'Park' });
    expect(cleared.status).toBe(200);
    expect(await details(patient, patient.userId)).toMatchObject({
      middle_name: null,
      birth_date: null,
      gender: null,
      mobile_number: null,
      zip_code: null,
    });
    const again = await update(patient, patient.userId, { first_name: 'Ann', last_name: 'Park' });
    expect(again.status).toBe(200);
    expect((again.body.data as CommandAccepted).position).toBe(
      (cleared.body.data as CommandAccepted).position,
    );
  });

  it.each([
    [
      'a birth date in the future',
      { birth_date: '2999-01-01' },
      'The date of birth should be a date earlier than today.',
    ],
    ['an impossible birth date', { birth_date: '1990-02-30' }, 'Invalid Date'],
    ['a name of digits', { last_name: '1234' }, 'Invalid'],
    ['a name of one letter and spaces', { first_name: 'A   ' }, 'Invalid character length'],
    ['a NUL in a name', { last_name: 'Le\u0000e' }, 'must not contain control characters'],
    ['a mobile number of letters', { mobile_number: 'call me' }, 'Invalid'],
    ['a zip code of letters', { zip_code: 'ABCDE' }, 'Invalid character length'],
    ['an unknown gender', { gender: 'X' }, 'Invalid'],
  ])("refuses %s with 400 in the spec's words and changes nothing", async (_, change, message) => {
    const patient = await createUser(app, 'Patient', null, { first: 'Ann', last: 'Lee' });
    const response = await update(patient, patient.userId, {
      first_name: 'Ann',
      last_name: 'Lee',
      ...change,
    });
    const errors = errorsOf(response.body);
    expect({
      status: response.status,
      named: errors.some((e) => e.includes(message)),
      errors,
    }).toEqual({
      status: 400,
      named: true,
      errors,
    });
    expect(await details(patient, patient.userId)).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      birth_date: null,
      mobile_number: null,
    });
  });

  it('refuses a relationship on an account, and answers 404 for an id that is no patient', async () => {
    const patient = await createUser(app, 'Patient');
    const relationship = await update(patient, patient.userId, {
      first_name: 'Ann',
      last_name: 'Lee',
      relationship: 'Child',
    });
    expect({ status: relationship.status, message: relationship.body.message }).toEqual({
      status: 400,
      message: 'Only a family member has a relationship to change.',
    });
    const operator = await createUser(app, 'SuperUser');
    for (const id of [randomUUID(), practice.provider.userId]) {
      const response = await update(operator, id, { first_name: 'Ann', last_name: 'Lee' });
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 404,
        message: NOT_FOUND,
      });
    }
  });

  it('are not for another patient, nor for a practice the patient never came to', async () => {
    const [patient, stranger] = await Promise.all([
      createUser(app, 'Patient', null, { first: 'Ann', last: 'Lee' }),
      createUser(app, 'Patient'),
    ]);
    for (const caller of [stranger, practice.staff, practice.admin, practice.provider]) {
      const read = await app.api.as(caller).get(`/api/v1/patients/${patient.userId}`);
      const write = await update(caller, patient.userId, { first_name: 'Eve', last_name: 'Lee' });
      expect([read.status, write.status]).toEqual([FORBIDDEN_STATUS, FORBIDDEN_STATUS]);
    }
    expect((await details(patient, patient.userId)).first_name).toBe('Ann');
  });
});

describe("a family member's details", () => {
  it('are changed by the account holder on their stream, and the list shows them', async () => {
    const patient = await createUser(app, 'Patient', null, { first: 'Ann', last: 'Lee' });
    const childId = await addChild(patient);
    const saved = await update(patient, childId, {
      first_name: 'Bob',
      last_name: 'Lee',
      birth_date: '2019-02-03',
      gender: 'Male',
      relationship: 'Sibling',
    });
    expect(saved.status).toBe(200);
    expect(await details(patient, childId)).toEqual({
      id: childId,
      kind: 'family-member',
      first_name: 'Bob',
      last_name: 'Lee',
      middle_name: null,
      birth_date: '2019-02-03',
      gender: 'Male',
      mobile_number: null,
      zip_code: null,
      email: null,
      relationship: 'Sibling',
      account_holder_id: patient.userId,
    });
    const position = (saved.body.data as CommandAccepted).position;
    const family = await app.api
      .as(patient)
      .get(`/api/v1/patients/${patient.userId}/family-members?min_position=${position}`);
    expect(
      (family.body.data as FamilyMemberView[]).map((m) => [m.full_name, m.relationship]),
    ).toEqual([['Bob Lee', 'Sibling']]);

    // The relationship is kept when left out; a member has no phone or zip of their own.
    await update(patient, childId, { first_name: 'Bob', last_name: 'Lee' });
    expect((await details(patient, childId)).relationship).toBe('Sibling');
    const contact = await update(patient, childId, {
      first_name: 'Bob',
      last_name: 'Lee',
      mobile_number: '5550100',
    });
    expect({ status: contact.status, message: contact.body.message }).toEqual({
      status: 400,
      message:
        "A family member has no mobile number or zip code of their own: change the account holder's.",
    });
    const stranger = await createUser(app, 'Patient');
    expect((await update(stranger, childId, { first_name: 'Eve', last_name: 'Lee' })).status).toBe(
      FORBIDDEN_STATUS,
    );
  });
});

describe("a practice's people", () => {
  it("correct the details of the practice's patients, and its trail tells who changed what", async () => {
    const registered = await app.api
      .as(practice.staff)
      .post(`/api/v1/practices/${practice.practiceId}/patients`, {
        first_name: 'Ada',
        last_name: 'Lovelace',
        birth_date: '1990-12-10',
        mobile_number: '(555) 201-3344',
      });
    expect(registered.status).toBe(201);
    const { patient } = registered.body.data as PatientRegistered;
    const id = patient.patient_id;
    const saved = await update(practice.staff, id, {
      first_name: 'Ada',
      last_name: 'King',
      birth_date: '1990-12-11',
      mobile_number: '(555) 201-3344',
    });
    expect(saved.status).toBe(200);
    expect(await details(practice.admin, id)).toMatchObject({
      last_name: 'King',
      birth_date: '1990-12-11',
    });

    // Another practice's people may not; the desk's search shows the new name.
    expect((await update(other.staff, id, { first_name: 'Ada', last_name: 'Byron' })).status).toBe(
      403,
    );
    const position = (saved.body.data as CommandAccepted).position;
    const found = await app.api
      .as(practice.staff)
      .get(`/api/v1/practices/${practice.practiceId}/patients?q=King&min_position=${position}`);
    const patients = (found.body.data as PatientSearchResult).patients;
    expect(patients.map((p) => [p.patient_id, p.last_name])).toContainEqual([id, 'King']);

    const trail = await app.api
      .as(practice.admin)
      .get(`/api/v1/practices/${practice.practiceId}/audit?kind=patient&min_position=${position}`);
    expect(trail.status).toBe(200);
    const entries = (trail.body.data as AuditPage).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'patient',
      event_type: 'PatientDetailsChanged',
      summary: 'Changed the details of Ada King',
      patient_id: id,
      patient_name: 'Ada King',
      actor: { id: practice.staff.userId, role: 'Staff' },
      changes: [
        { field: 'last_name', before: 'Lovelace', after: 'King' },
        { field: 'birth_date', before: '1990-12-10', after: '1990-12-11' },
      ],
    });
  });
});
