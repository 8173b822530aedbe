import { randomUUID } from 'node:crypto';
import type { ProviderCardView, ProviderSearchResult } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { sql } from 'kysely';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { providerSearchProjection } from '../../../apps/api/src/modules/search/projections/provider-search.projection';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * A practice edits its directory (issue 18): search follows. A renamed provider is found by the
 * new name and not the old, their facilities follow the form, and a facility that moves takes
 * its providers' places and search text with it; a rebuild writes the same rows.
 */
let app: TestApp;
let admin: TestUser;
const practiceId = randomUUID();
const base = `/api/v1/practices/${practiceId}`;

beforeAll(async () => {
  app = await startTestApp();
  admin = await createUser(app, 'PracticeAdmin', practiceId);
});

afterAll(async () => {
  await app.close();
});

const lakeside = {
  name: 'Lakeside Clinic',
  iana_time_zone: 'America/Chicago',
  office_visit: true,
  tele_visit: true,
  address: { address1: '1 Lake St', city: 'Madison', state: 'WI', zip_code: '53703' },
};
const hilltop = {
  name: 'Hilltop Clinic',
  iana_time_zone: 'America/Chicago',
  office_visit: true,
  tele_visit: false,
  address: { address1: '9 Hill Rd', city: 'Chicago', state: 'IL', zip_code: '60601' },
};

let position = 0;

async function write(method: 'post' | 'put', path: string, body: unknown): Promise<string> {
  const response = await app.api.as(admin)[method](`${base}/${path}`, body);
  expect([200, 201]).toContain(response.status);
  const data = response.body.data as { id?: string; position: number };
  position = Math.max(position, data.position);
  return data.id ?? '';
}

async function found(text: string): Promise<readonly ProviderCardView[]> {
  const response = await app.api.post(`/api/v1/providers/search?min_position=${position}`, {
    text_field: text,
    page_size: 50,
  });
  expect(response.status).toBe(200);
  return (response.body.data as ProviderSearchResult).providers;
}

const searchRows = async () =>
  Promise.all(
    providerSearchProjection.tables.map(
      async (table) =>
        (
          await sql<{
            row: string;
          }>`SELECT t::text AS row FROM ${sql.table(table)} t ORDER BY 1`.execute(app.database.db)
        ).rows,
    ),
  );

it('finds an edited provider by the new name, at the facilities of the form, and follows a facility that moves', async () => {
  const lakesideId = await write('post', 'facilities', lakeside);
  const hilltopId = await write('post', 'facilities', hilltop);
  const provider = {
    first_name: 'Ana',
    last_name: 'Quenby',
    provider_type: 'local',
    specialties: ['Family Medicine'],
    facility_ids: [lakesideId],
  };
  const providerId = await write('post', 'providers', provider);
  expect((await found('Quenby')).map((c) => c.id)).toEqual([providerId]);

  // Renamed, a new specialty, moved from Lakeside to Hilltop.
  await write('put', `providers/${providerId}`, {
    ...provider,
    last_name: 'Marchetti',
    specialties: ['Dermatology'],
    facility_ids: [hilltopId],
  });
  expect(await found('Quenby')).toEqual([]);
  const [renamed] = await found('Marchetti');
  expect(renamed?.id).toBe(providerId);
  expect(renamed?.name.last_name).toBe('Marchetti');
  expect(renamed?.specialties).toEqual(['Dermatology']);
  expect((await found('Chicago')).map((c) => c.id)).toEqual([providerId]);
  expect(await found('Madison')).toEqual([]);
  const places = await app.database.db
    .selectFrom('rm_search_provider_facilities')
    .select(['facility_id', 'latitude'])
    .where('provider_id', '=', providerId)
    .execute();
  expect(places.map((p) => p.facility_id)).toEqual([hilltopId]);

  // Hilltop moves to Evanston: its provider is found there, at the new place.
  await write('put', `facilities/${hilltopId}`, {
    ...hilltop,
    name: 'Hilltop North',
    address: { address1: '2 Elm St', city: 'Evanston', state: 'IL', zip_code: '60201' },
  });
  expect((await found('Evanston')).map((c) => c.id)).toEqual([providerId]);
  expect((await found('Hilltop North')).map((c) => c.id)).toEqual([providerId]);
  expect(await found('Chicago')).toEqual([]);
  const moved = await app.database.db
    .selectFrom('rm_search_provider_facilities')
    .select('latitude')
    .where('provider_id', '=', providerId)
    .executeTakeFirstOrThrow();
  expect(moved.latitude).not.toBe(places[0]!.latitude);

  // The log rebuilt, in batches and event by event, gives the rows the live projection wrote.
  const live = await searchRows();
  const rebuilder = new ProjectionRebuilder(app.app.get<EventStore>(EVENT_STORE), app.database.db, {
    now: () => new Date(),
  });
  for (const eventByEvent of [false, true]) {
    await rebuilder.rebuildAll([providerSearchProjection], { eventByEvent });
    expect(await searchRows()).toEqual(live);
  }
});
