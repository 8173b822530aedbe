import { randomUUID } from 'node:crypto';
import type { CommandAccepted, DirectoryEntryView } from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, type TestUser } from '../../support/accounts';
import { calendarRequestFixture } from '../../support/calendar-fixture';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: TestUser;
const practiceId = randomUUID();

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUser(app, 'PracticeAdmin', practiceId);
});

afterAll(async () => {
  await app.close();
});

const provider = {
  first_name: 'Ana',
  last_name: 'Rivera',
  provider_type: 'local',
  specialties: ['Family Medicine'],
  facility_ids: [],
};

/** Events stored, but for sign-ins (security streams). */
const eventCount = async () =>
  Number(
    (
      await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
        WHERE stream_id NOT LIKE 'security-%'`.execute(app.database.db)
    ).rows[0]!.n,
  );

const facility = {
  name: 'Lakeside Clinic',
  iana_time_zone: 'America/Chicago',
  office_visit: true,
  tele_visit: true,
  address: { address1: '1 Lake St', city: 'Madison', state: 'WI', zip_code: '53703' },
};

it('registers facilities, providers, resources and visit reasons, listed publicly', async () => {
  const created = await app.api
    .as(admin)
    .post(`/api/v1/practices/${practiceId}/facilities`, facility);
  expect(created.status).toBe(201);
  const facilityId = (created.body.data as CommandAccepted).id;
  const provider = await app.api.as(admin).post(`/api/v1/practices/${practiceId}/providers`, {
    first_name: 'Ana',
    last_name: 'Rivera',
    provider_type: 'local',
    specialties: ['Family Medicine'],
    insurances: ['Aetna'],
    facility_ids: [facilityId],
    enable_visit_fee: true,
    visit_amount: 75,
    allow_existing_patients_only: false,
  });
  expect(provider.status).toBe(201);
  const resource = await app.api.as(admin).post(`/api/v1/practices/${practiceId}/resources`, {
    name: 'X-Ray Room',
    kind: 'Room',
    facility_ids: [facilityId],
  });
  expect(resource.status).toBe(201);
  const reason = await app.api.as(admin).post(`/api/v1/practices/${practiceId}/visit-reasons`, {
    title: 'COVID-19 Vaccine',
    type: 'COVID',
    week_time_frame: [0, 14],
    allow_immediate_checkin: true,
  });
  const { position } = reason.body.data as CommandAccepted;

  const facilities = await app.api.get(
    `/api/v1/practices/${practiceId}/facilities?min_position=${position}`,
  );
  expect(facilities.body.data).toEqual([
    expect.objectContaining({
      id: facilityId,
      kind: 'facility',
      name: 'Lakeside Clinic',
      details: expect.objectContaining({ iana_time_zone: 'America/Chicago' }) as unknown,
    }),
  ]);
  const providers = (await app.api.get(`/api/v1/practices/${practiceId}/providers`)).body
    .data as DirectoryEntryView[];
  expect(providers[0]).toEqual(
    expect.objectContaining({
      name: 'Ana Rivera',
      details: expect.objectContaining({
        specialties: ['Family Medicine'],
        visit_amount: 75,
      }) as unknown,
    }),
  );
  const reasons = (await app.api.get(`/api/v1/practices/${practiceId}/visit-reasons`)).body
    .data as DirectoryEntryView[];
  expect(reasons[0]!.details).toEqual({
    type: 'COVID',
    week_time_frame: [0, 14],
    allow_immediate_checkin: true,
  });
  const one = await app.api.get(
    `/api/v1/practices/${practiceId}/resources/${(resource.body.data as CommandAccepted).id}`,
  );
  expect(one.body.data).toEqual(expect.objectContaining({ name: 'X-Ray Room', kind: 'resource' }));
  expect(
    (
      await app.api.get(
        `/api/v1/practices/${randomUUID()}/resources/${(resource.body.data as CommandAccepted).id}`,
      )
    ).status,
  ).toBe(404);
  expect((await app.api.get(`/api/v1/practices/${practiceId}/spaceships`)).status).toBe(404);
});

it("keeps other practices out, and refuses bad input with the spec's messages", async () => {
  const stranger = await createUser(app, 'PracticeAdmin', randomUUID());
  expect(
    (await app.api.as(stranger).post(`/api/v1/practices/${practiceId}/facilities`, facility))
      .status,
  ).toBe(403);
  const patient = await createUser(app, 'Patient');
  expect(
    (await app.api.as(patient).post(`/api/v1/practices/${practiceId}/facilities`, facility)).status,
  ).toBe(403);
  const tooMany = await app.api.as(admin).post(`/api/v1/practices/${practiceId}/providers`, {
    first_name: 'Bo',
    last_name: 'Li',
    provider_type: 'local',
    specialties: Array.from({ length: 16 }, (_, i) => `S${i}`),
    facility_ids: [],
  });
  expect(tooMany.status).toBe(400);
  expect(JSON.stringify(tooMany.body.data)).toContain('Selection should not be greater than 15.');
  const badZone = await app.api.as(admin).post(`/api/v1/practices/${practiceId}/facilities`, {
    ...facility,
    iana_time_zone: 'Mars/Base',
  });
  expect(badZone.status).toBe(400);
});

it("ties a calendar to its registered facility: the practice's own, in the facility's zone", async () => {
  const created = await app.api
    .as(admin)
    .post(`/api/v1/practices/${practiceId}/facilities`, facility);
  const facilityId = (created.body.data as CommandAccepted).id;
  const providerId = randomUUID();
  const registered = await app.api
    .as(admin)
    .post(`/api/v1/practices/${practiceId}/providers`, { ...provider, user_id: providerId });
  expect(registered.status).toBe(201);
  const calendar = (overrides: Record<string, unknown>) =>
    calendarRequestFixture({ provider_id: providerId, facility_id: facilityId, ...overrides });
  const ok = await app.api
    .as(admin)
    .post(`/api/v1/practices/${practiceId}/calendars`, calendar({}));
  expect(ok.status).toBe(201);
  // The booking flow finds it by provider and facility, publicly.
  const { id, position } = ok.body.data as CommandAccepted;
  const found = await app.api.get(
    `/api/v1/calendars?provider_id=${providerId}&facility_id=${facilityId}&min_position=${position}`,
  );
  expect((found.body.data as { calendar_id: string }[]).map((c) => c.calendar_id)).toEqual([id]);
  expect(
    (await app.api.get(`/api/v1/calendars?provider_id=${providerId}&visit_type=Telehealth`)).body
      .data,
  ).toEqual([]);
  expect((await app.api.get('/api/v1/calendars')).status).toBe(400);
  const wrongZone = await app.api
    .as(admin)
    .post(`/api/v1/practices/${practiceId}/calendars`, calendar({ time_zone: 'America/New_York' }));
  expect(wrongZone.status).toBe(400);
  expect(wrongZone.body.message).toBe("A calendar's time zone must be its facility's.");
  const otherPractice = randomUUID();
  const otherAdmin = await createUser(app, 'PracticeAdmin', otherPractice);
  const borrowed = await app.api
    .as(otherAdmin)
    .post(`/api/v1/practices/${otherPractice}/calendars`, calendar({}));
  expect(borrowed.status).toBe(400);
  expect(borrowed.body.message).toBe('This facility belongs to another practice.');
});

it('refuses a calendar on a facility, provider or resource the practice has not registered', async () => {
  const facilityId = (
    (await app.api.as(admin).post(`/api/v1/practices/${practiceId}/facilities`, facility)).body
      .data as CommandAccepted
  ).id;
  const providerId = randomUUID();
  await app.api
    .as(admin)
    .post(`/api/v1/practices/${practiceId}/providers`, { ...provider, user_id: providerId });
  const resourceId = (
    (
      await app.api.as(admin).post(`/api/v1/practices/${practiceId}/resources`, {
        name: 'Lab 2',
        kind: 'Lab',
        facility_ids: [facilityId],
      })
    ).body.data as CommandAccepted
  ).id;
  const attempt = async (practice: string, by: TestUser, overrides: Record<string, unknown>) => {
    const response = await app.api
      .as(by)
      .post(
        `/api/v1/practices/${practice}/calendars`,
        calendarRequestFixture({ name: 'Calendar', facility_id: facilityId, ...overrides }),
      );
    return { status: response.status, message: response.body.message };
  };
  const otherPractice = randomUUID();
  const otherAdmin = await createUser(app, 'PracticeAdmin', otherPractice);
  const otherFacility = (
    (await app.api.as(otherAdmin).post(`/api/v1/practices/${otherPractice}/facilities`, facility))
      .body.data as CommandAccepted
  ).id;
  const before = await eventCount();
  expect(
    await attempt(practiceId, admin, { provider_id: providerId, facility_id: randomUUID() }),
  ).toEqual({ status: 404, message: 'This facility is not registered.' });
  expect(await attempt(practiceId, admin, { provider_id: randomUUID() })).toEqual({
    status: 404,
    message: 'This provider is not registered.',
  });
  expect(
    await attempt(practiceId, admin, { resource_id: randomUUID(), visit_type: 'Resource' }),
  ).toEqual({ status: 404, message: 'This resource is not registered.' });
  // Another practice's admin, on its own practice, naming this practice's entries.
  expect(
    await attempt(otherPractice, otherAdmin, {
      facility_id: otherFacility,
      provider_id: providerId,
    }),
  ).toEqual({ status: 400, message: 'This provider belongs to another practice.' });
  expect(
    await attempt(otherPractice, otherAdmin, {
      facility_id: otherFacility,
      resource_id: resourceId,
      visit_type: 'Resource',
    }),
  ).toEqual({ status: 400, message: 'This resource belongs to another practice.' });
  expect(await eventCount()).toBe(before);
  // The same entries, in their own practice, make a calendar.
  expect(
    (await attempt(practiceId, admin, { resource_id: resourceId, visit_type: 'Resource' })).status,
  ).toBe(201);
});
