import { randomUUID } from 'node:crypto';
import {
  type CustomFormView,
  type DemographicsView,
  type EligibilityView,
  INTAKE_MESSAGES,
} from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let calendarId: string;
let plainCalendarId: string;
let patient: TestUser;
let stranger: TestUser;
let memberId: string;

const eventsOf = async (streamId: string) =>
  (
    await sql<{ event_type: string; data: Record<string, unknown> }>`SELECT event_type, data
      FROM es_events WHERE stream_id = ${streamId} ORDER BY stream_revision`.execute(
      app.database.db,
    )
  ).rows;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  const created = await createCalendar(app, practice, {
    custom_form_ids: ['covid-screening', 'new-patient', 'practice-form-7'],
    collect_patient_demographics: true,
    enable_insurance_eligibility: true,
  });
  calendarId = created.calendarId;
  const plain = await createCalendar(app, practice, {});
  plainCalendarId = plain.calendarId;
  // Both calendars are projected before the tests read them.
  await app.api.get(
    `/api/v1/calendars/${plainCalendarId}/custom-forms?min_position=${plain.position}`,
  );
  patient = await createUser(app, 'Patient');
  stranger = await createUser(app, 'Patient');
  const added = await app.api
    .as(patient)
    .post(`/api/v1/patients/${patient.userId}/family-members`, {
      first_name: 'Leo',
      last_name: 'Smith',
      relationship: 'Child',
      birth_date: '2018-05-01',
    });
  expect(added.status).toBe(201);
  memberId = (added.body.data as { id: string }).id;
});

afterAll(async () => {
  await app.close();
});

describe('custom forms', () => {
  it("lists the calendar's forms with their questions, a generic form for unknown ids", async () => {
    const response = await app.api.get(`/api/v1/calendars/${calendarId}/custom-forms`);
    expect(response.status).toBe(200);
    const forms = response.body.data as CustomFormView[];
    expect(forms.map((f) => f.id)).toEqual(['covid-screening', 'new-patient', 'practice-form-7']);
    expect(forms[0]!.questions.map((q) => q.kind)).toEqual(['yes_no', 'yes_no', 'yes_no']);
    expect(forms[1]!.questions.find((q) => q.id === 'referral')?.required).toBe(false);
    expect(forms[2]!.title).toBe('Before your visit');
  });

  it('answers an empty list for a calendar without forms, 404 for an unknown calendar', async () => {
    const plain = await app.api.get(`/api/v1/calendars/${plainCalendarId}/custom-forms`);
    expect(plain.body.data).toEqual([]);
    const unknown = await app.api.get(`/api/v1/calendars/${randomUUID()}/custom-forms`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(INTAKE_MESSAGES.calendarNotFound);
  });
});

describe('screening', () => {
  const screen = (who: TestUser, body: Record<string, unknown>, id = calendarId) =>
    app.api.as(who).post(`/api/v1/calendars/${id}/screening`, body);

  it('stores valid answers as one event on the screening stream', async () => {
    const response = await screen(patient, {
      patient_id: patient.userId,
      form_id: 'covid-screening',
      answers: { fever: 'no', cough: 'no', contact: 'yes' },
    });
    expect(response.status).toBe(201);
    const { screening_id } = response.body.data as { screening_id: string };
    const events = await eventsOf(`screening-${screening_id}`);
    expect(events.map((e) => e.event_type)).toEqual(['ScreeningSubmitted']);
    expect(events[0]!.data).toEqual(
      expect.objectContaining({
        patient_id: patient.userId,
        calendar_id: calendarId,
        answers: { fever: 'no', cough: 'no', contact: 'yes' },
      }),
    );
  });

  it('lets a patient answer for a family member, once per command id', async () => {
    const body = {
      patient_id: memberId,
      form_id: 'new-patient',
      answers: { medications: 'None', allergies: 'Penicillin' },
      command_id: randomUUID(),
    };
    const first = await screen(patient, body);
    const again = await screen(patient, body);
    expect(first.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    const { screening_id } = first.body.data as { screening_id: string };
    expect(await eventsOf(`screening-${screening_id}`)).toHaveLength(1);
  });

  it('refuses missing required answers, non yes/no answers and foreign forms with 400', async () => {
    const missing = await screen(patient, {
      patient_id: patient.userId,
      form_id: 'covid-screening',
      answers: { fever: 'no', cough: 'maybe' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual({
      cough: INTAKE_MESSAGES.answerYesNo,
      contact: INTAKE_MESSAGES.answerRequired,
    });
    const foreign = await screen(
      patient,
      {
        patient_id: patient.userId,
        form_id: 'covid-screening',
        answers: {},
      },
      plainCalendarId,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(INTAKE_MESSAGES.formNotOnCalendar);
    const malformed = await screen(patient, { patient_id: 'nope', form_id: '', answers: 3 });
    expect(malformed.status).toBe(400);
  });

  it("refuses to store answers for someone else's patient with 403", async () => {
    const response = await screen(stranger, {
      patient_id: patient.userId,
      form_id: 'covid-screening',
      answers: { fever: 'no', cough: 'no', contact: 'no' },
    });
    expect(response.status).toBe(403);
  });
});

describe('demographics', () => {
  const path = (id: string) => `/api/v1/patients/${id}/demographics`;

  it('starts empty, saves validated fields as events and folds them on read', async () => {
    // The spec's '204 means no record' until the first save.
    const empty = await app.api.as(patient).get(path(patient.userId));
    expect(empty.status).toBe(204);

    const saved = await app.api.as(patient).put(path(patient.userId), {
      race_code: '2106-3',
      ethnicity_code: '2186-5',
      language_code: 'es',
      birth_date: '1980-04-02',
      sex: 'Female',
      address: { address1: '1 Main St', city: 'Newark', state: 'NJ', zip_code: '07102' },
    });
    expect(saved.status).toBe(200);
    // A second save changes one field and keeps the others.
    await app.api.as(patient).put(path(patient.userId), { language_code: 'en' });
    const read = await app.api.as(patient).get(path(patient.userId));
    expect(read.body.data).toEqual(
      expect.objectContaining({
        race_code: '2106-3',
        ethnicity_code: '2186-5',
        language_code: 'en',
        birth_date: '1980-04-02',
        sex: 'Female',
        has_demographics: true,
      }),
    );
    expect((read.body.data as DemographicsView).address).toEqual({
      address1: '1 Main St',
      address2: null,
      city: 'Newark',
      state: 'NJ',
      zip_code: '07102',
    });
    const events = await eventsOf(`demographics-${patient.userId}`);
    expect(events.map((e) => e.event_type)).toEqual([
      'PatientDemographicsRecorded',
      'PatientDemographicsRecorded',
    ]);
  });

  it("lets the owner save a family member's demographics", async () => {
    const saved = await app.api.as(patient).put(path(memberId), { sex: 'Male' });
    expect(saved.status).toBe(200);
    expect((saved.body.data as DemographicsView).sex).toBe('Male');
  });

  it('refuses codes outside the reference lists and a future birth date with clear words', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ race_code: 'martian' }, INTAKE_MESSAGES.unknownRace],
      [{ ethnicity_code: '2106-3' }, INTAKE_MESSAGES.unknownEthnicity],
      [{ language_code: 'xx' }, INTAKE_MESSAGES.unknownLanguage],
      [{ birth_date: '2999-01-01' }, INTAKE_MESSAGES.birthDateInFuture],
      [
        { address: { address1: '1 Main St', city: 'Newark', state: 'ZZ', zip_code: '07102' } },
        INTAKE_MESSAGES.unknownState,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await app.api.as(patient).put(path(patient.userId), body);
      expect({ body, status: response.status, message: response.body.message }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    const badZip = await app.api.as(patient).put(path(patient.userId), {
      address: { address1: 'x', city: 'y', state: 'NJ', zip_code: '12' },
    });
    expect(badZip.status).toBe(400);
  });

  it("keeps other people and practice users out of a patient's demographics (403)", async () => {
    const staff = await createUser(app, 'Staff', practice.practiceId);
    for (const who of [stranger, staff]) {
      expect((await app.api.as(who).get(path(patient.userId))).status).toBe(403);
      const put = await app.api.as(who).put(path(patient.userId), { sex: 'Other' });
      expect(put.status).toBe(403);
    }
  });
});

describe('insurance eligibility', () => {
  const verify = (who: TestUser, body: Record<string, unknown>) =>
    app.api.as(who).post('/api/v1/insurance/eligibility', {
      calendar_id: calendarId,
      patient_id: patient.userId,
      insurance_id: 1,
      plan_id: 101,
      member_id: 'W123456789',
      ...body,
    });

  it('answers eligible or not through the test adapter and records each check', async () => {
    const ok = await verify(patient, {});
    expect(ok.status).toBe(200);
    const yes = ok.body.data as EligibilityView;
    expect(yes).toEqual(
      expect.objectContaining({ eligible: true, message: INTAKE_MESSAGES.eligible }),
    );
    const no = (await verify(patient, { member_id: 'INELIG-42' })).body.data as EligibilityView;
    expect(no).toEqual(
      expect.objectContaining({ eligible: false, message: INTAKE_MESSAGES.notEligible }),
    );
    const events = await eventsOf(`eligibility-${no.eligibility_id}`);
    expect(events.map((e) => e.event_type)).toEqual(['InsuranceEligibilityChecked']);
    expect(events[0]!.data).toEqual(
      expect.objectContaining({ member_id: 'INELIG-42', eligible: false }),
    );
  });

  it('refuses unknown insurances, plans of another insurance and calendars without it', async () => {
    const insurance = await verify(patient, { insurance_id: 999 });
    expect([insurance.status, insurance.body.message]).toEqual([
      400,
      INTAKE_MESSAGES.unknownInsurance,
    ]);
    const plan = await verify(patient, { plan_id: 201 });
    expect([plan.status, plan.body.message]).toEqual([400, INTAKE_MESSAGES.unknownPlan]);
    const disabled = await verify(patient, { calendar_id: plainCalendarId });
    expect([disabled.status, disabled.body.message]).toEqual([
      400,
      INTAKE_MESSAGES.eligibilityDisabled,
    ]);
    const member = await verify(patient, { member_id: '!' });
    expect(member.status).toBe(400);
  });

  it("refuses to check someone else's insurance with 403", async () => {
    expect((await verify(stranger, {})).status).toBe(403);
  });
});
