import { randomUUID } from 'node:crypto';
import type { AuditPage, CustomFormView, DirectoryEntryView } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { sql } from 'kysely';
import { directoryEntriesProjection } from '../../../apps/api/src/modules/directory/projections/directory-entries.projection';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Facilities, providers and resources edited by their practice (PUT, the whole form as when
 * registered): DirectoryEntryChanged with the name and details before and after, the lists
 * showing the edit, the registration's checks and access rules, a facility's zone kept; and the
 * custom forms a practice may put on its calendars.
 */
let app: TestApp;
let admin: TestUser;
let staff: TestUser;
let otherAdmin: TestUser;
const practiceId = randomUUID();
const otherPracticeId = randomUUID();

beforeAll(async () => {
  app = await startTestApp();
  [admin, staff, otherAdmin] = await Promise.all([
    createUser(app, 'PracticeAdmin', practiceId),
    createUser(app, 'Staff', practiceId),
    createUser(app, 'PracticeAdmin', otherPracticeId),
  ]);
});

afterAll(async () => {
  await app.close();
});

const facility = {
  name: 'Lakeside Clinic',
  iana_time_zone: 'America/Chicago',
  office_visit: true,
  tele_visit: true,
  address: { address1: '1 Lake St', city: 'Madison', state: 'WI', zip_code: '53703' },
};
const provider = {
  first_name: 'Ana',
  last_name: 'Rivera',
  provider_type: 'local',
  specialties: ['Family Medicine'],
  facility_ids: [] as string[],
};
const resource = { name: 'X-ray room', kind: 'Room', facility_ids: [] as string[] };

const base = `/api/v1/practices/${practiceId}`;

async function register(kind: string, body: unknown): Promise<string> {
  const response = await app.api.as(admin).post(`${base}/${kind}`, body);
  expect(response.status).toBe(201);
  return (response.body.data as { id: string }).id;
}

async function listed(kind: string, position: number): Promise<DirectoryEntryView[]> {
  const response = await app.api.get(`${base}/${kind}?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as DirectoryEntryView[];
}

const changesOf = async (id: string) =>
  (
    await sql<{ type: string; data: Record<string, unknown> }>`
      SELECT event_type AS type, data FROM es_events
       WHERE data->>'id' = ${id} ORDER BY global_position`.execute(app.database.db)
  ).rows;

it('edits a facility, a provider and a resource; the lists show the edits', async () => {
  const facilityId = await register('facilities', facility);
  const edited = { ...facility, name: 'Lakeside Clinic North', tele_visit: false };
  const response = await app.api.as(admin).put(`${base}/facilities/${facilityId}`, edited);
  expect(response.status).toBe(200);
  const { position } = response.body.data as { position: number };
  const facilities = await listed('facilities', position);
  expect(facilities.find((f) => f.id === facilityId)).toMatchObject({
    name: 'Lakeside Clinic North',
    details: { tele_visit: false, iana_time_zone: 'America/Chicago' },
  });
  const events = await changesOf(facilityId);
  expect(events.map((e) => e.type)).toEqual(['DirectoryEntryRegistered', 'DirectoryEntryChanged']);
  expect(events[1]!.data).toMatchObject({
    kind: 'facility',
    before: { name: 'Lakeside Clinic', details: { tele_visit: true } },
    after: { name: 'Lakeside Clinic North', details: { tele_visit: false } },
  });

  const providerId = await register('providers', provider);
  const renamed = await app.api.as(admin).put(`${base}/providers/${providerId}`, {
    ...provider,
    last_name: 'Rivera-Diaz',
    facility_ids: [facilityId],
  });
  expect(renamed.status).toBe(200);
  const providers = await listed('providers', (renamed.body.data as { position: number }).position);
  expect(providers.find((p) => p.id === providerId)).toMatchObject({
    name: 'Ana Rivera-Diaz',
    details: { facility_ids: [facilityId] },
  });

  const resourceId = await register('resources', resource);
  const moved = await app.api
    .as(admin)
    .put(`${base}/resources/${resourceId}`, { ...resource, kind: 'Lab', name: 'Lab 2' });
  expect(moved.status).toBe(200);
  const resources = await listed('resources', (moved.body.data as { position: number }).position);
  expect(resources.find((r) => r.id === resourceId)).toMatchObject({
    name: 'Lab 2',
    details: { kind: 'Lab' },
  });

  // The practice's trail tells the edit, each field before and after.
  const audit = await app.api
    .as(admin)
    .get(`/api/v1/practices/${practiceId}/audit?kind=directory&min_position=${position}`);
  expect(audit.status).toBe(200);
  const lines = (audit.body.data as AuditPage).entries;
  expect(
    lines.find(
      (line) =>
        line.summary === 'Changed the facility "Lakeside Clinic", now "Lakeside Clinic North"',
    ),
  ).toMatchObject({
    changes: [
      { field: 'name', before: 'Lakeside Clinic', after: 'Lakeside Clinic North' },
      { field: 'tele_visit', before: true, after: false },
    ],
  });

  // The same form again records nothing.
  const count = (await changesOf(resourceId)).length;
  const again = await app.api
    .as(admin)
    .put(`${base}/resources/${resourceId}`, { ...resource, kind: 'Lab', name: 'Lab 2' });
  expect(again.status).toBe(200);
  expect(await changesOf(resourceId)).toHaveLength(count);
});

it('checks an edit as a registration: the same 400s, and a facility keeps its time zone', async () => {
  const facilityId = await register('facilities', facility);
  const long = await app.api
    .as(admin)
    .put(`${base}/facilities/${facilityId}`, { ...facility, name: 'x'.repeat(76) });
  expect(long.status).toBe(400);
  expect(JSON.stringify(long.body.data)).toContain('Invalid character length');
  const zone = await app.api
    .as(admin)
    .put(`${base}/facilities/${facilityId}`, { ...facility, iana_time_zone: 'America/Denver' });
  expect(zone.status).toBe(400);
  expect(zone.body.message).toBe(
    "A facility's time zone is set when it is registered: its calendars' hours are in it.",
  );
  const providerId = await register('providers', provider);
  const tooMany = await app.api.as(admin).put(`${base}/providers/${providerId}`, {
    ...provider,
    specialties: Array.from({ length: 16 }, (_, i) => `S${i}`),
  });
  expect(tooMany.status).toBe(400);
  expect(JSON.stringify(tooMany.body.data)).toContain('Selection should not be greater than 15.');
});

it("refuses staff, another practice's admin, an unknown entry and the wrong kind", async () => {
  const resourceId = await register('resources', resource);
  const path = `${base}/resources/${resourceId}`;
  expect((await app.api.as(staff).put(path, resource)).status).toBe(403);
  expect((await app.api.as(otherAdmin).put(path, resource)).status).toBe(403);
  const unknown = await app.api.as(admin).put(`${base}/resources/${randomUUID()}`, resource);
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe('This resource is not registered.');
  // A resource's id under facilities names no facility.
  const wrongKind = await app.api.as(admin).put(`${base}/facilities/${resourceId}`, facility);
  expect(wrongKind.status).toBe(404);
  expect(wrongKind.body.message).toBe('This facility is not registered.');
  // Nor may another practice reach it under its own id.
  const other = await app.api
    .as(otherAdmin)
    .put(`/api/v1/practices/${otherPracticeId}/resources/${resourceId}`, resource);
  expect(other.status).toBe(404);
});

it("lists the practice's custom forms for its staff", async () => {
  const response = await app.api.as(staff).get(`${base}/custom-forms`);
  expect(response.status).toBe(200);
  const forms = response.body.data as CustomFormView[];
  expect(forms.map((f) => f.id)).toEqual(['covid-screening', 'new-patient', 'before-your-visit']);
  expect(forms[0]!.title).toBe('COVID-19 screening');
  expect((await app.api.as(otherAdmin).get(`${base}/custom-forms`)).status).toBe(403);
});

it('rebuilds the directory from its log with the edits, as the live projection wrote it', async () => {
  const rows = async () =>
    (
      await sql<{ row: string }>`SELECT t::text AS row FROM rm_directory_entries t
        ORDER BY 1`.execute(app.database.db)
    ).rows.map((r) => r.row);
  const facilityId = await register('facilities', facility);
  const last = await app.api
    .as(admin)
    .put(`${base}/facilities/${facilityId}`, { ...facility, name: 'Lakeside East' });
  await listed('facilities', (last.body.data as { position: number }).position);
  const live = await rows();
  const rebuilder = new ProjectionRebuilder(app.app.get<EventStore>(EVENT_STORE), app.database.db, {
    now: () => new Date(),
  });
  for (const eventByEvent of [false, true]) {
    await rebuilder.rebuildAll([directoryEntriesProjection], { eventByEvent });
    expect(await rows()).toEqual(live);
  }
});
