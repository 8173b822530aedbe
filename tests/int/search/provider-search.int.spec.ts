import type {
  OnlineProvidersView,
  ProviderCardView,
  ProviderSearchResult,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { DateTime } from 'luxon';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { zipDirectory, milesBetween } from '../../../apps/api/src/modules/reference/zip-directory';
import { conditionsTreatedBy } from '../../../apps/api/src/modules/reference/specialties.data';
import {
  appendDemoDirectory,
  DEMO_SEARCH_PROVIDERS,
  demoStreams,
} from '../../../apps/api/src/demo/search-demo-seed';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { startTestApp, type TestApp } from '../../support/test-app';

// A Tuesday at 15:00 UTC (10:00 in New York, 07:00 in Los Angeles): every demo telehealth
// calendar (07:00 to 22:00 local, every day) is open.
const NOW = (() => {
  let day = DateTime.utc().plus({ days: 1 }).startOf('day');
  while (day.weekday !== 2) day = day.plus({ days: 1 });
  return day.set({ hour: 15 }).toJSDate();
})();

let app: TestApp;
let position: number;
let admin: TestUser;

interface DemoProvider {
  id: string;
  practice_id: string;
  details: {
    first_name: string;
    gender: string;
    specialties: string[];
    insurances: string[];
    facility_ids: string[];
  };
}
const streams = demoStreams(NOW);
const demoProviders = streams
  .filter((s) => s.type === 'DirectoryEntryRegistered' && s.data.kind === 'provider')
  .map((s) => s.data as unknown as DemoProvider);
const demoFacilities = new Map(
  streams
    .filter((s) => s.type === 'DirectoryEntryRegistered' && s.data.kind === 'facility')
    .map((s) => {
      const details = s.data.details as { address: { zip_code: string; city: string } };
      return [s.data.id as string, details.address] as const;
    }),
);
const demoCalendars = streams
  .filter((s) => s.type === 'CalendarCreated')
  .map((s) => s.data as { provider_id: string; visit_type: string; working_days: number[] });

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => NOW } });
  const seeded = await appendDemoDirectory(app.app.get<EventStore>(EVENT_STORE), NOW);
  position = seeded.position!;
  // The first read waits for ~600 demo events to be projected: on a busy machine that can take
  // longer than one read's wait (503), so wait for it here.
  await eventually(
    () => app.api.post(`/api/v1/providers/search?min_position=${position}`, {}),
    (response) => response.status === 200,
    120_000,
  );
  admin = await createUser(app, 'PracticeAdmin', demoProviders[0]!.practice_id);
}, 150_000);

afterAll(async () => {
  await app.close();
});

async function search(filter: Record<string, unknown>): Promise<ProviderSearchResult> {
  const response = await app.api.post(`/api/v1/providers/search?min_position=${position}`, filter);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.data as ProviderSearchResult;
}

async function all(filter: Record<string, unknown>): Promise<ProviderCardView[]> {
  const found: ProviderCardView[] = [];
  for (let page = 1; ; page++) {
    const result = await search({ ...filter, page_no: page, page_size: 50 });
    found.push(...result.providers);
    if (result.providers.length < 50) return found;
  }
}

describe('provider search over the demo directory', () => {
  it('pages through every provider: page_no, page_size, the total count', async () => {
    const first = await search({});
    expect(first.count).toBe(DEMO_SEARCH_PROVIDERS);
    expect(first.providers).toHaveLength(5); // the spec's default page size
    const pages = await Promise.all([1, 2, 3].map((page_no) => search({ page_no, page_size: 15 })));
    const ids = pages.flatMap((p) => p.providers.map((c) => c.id));
    expect(new Set(ids).size).toBe(45);
    expect(pages.every((p) => p.count === DEMO_SEARCH_PROVIDERS)).toBe(true);
    const everyone = await all({});
    expect(new Set(everyone.map((c) => c.id)).size).toBe(DEMO_SEARCH_PROVIDERS);
    const names = everyone.map((c) => `${c.name.last_name} ${c.name.first_name}`);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    const past = await search({ page_no: 100, page_size: 10 });
    expect(past).toMatchObject({ count: DEMO_SEARCH_PROVIDERS, providers: [] });
  });

  it('narrows by specialty, case-insensitively', async () => {
    const expected = demoProviders.filter((p) => p.details.specialties.includes('Dermatologist'));
    expect(expected.length).toBeGreaterThan(0);
    const found = await all({ specialty: 'dermatologist' });
    expect(found.map((c) => c.id).sort()).toEqual(expected.map((p) => p.id).sort());
    expect(found.every((c) => c.specialties.includes('Dermatologist'))).toBe(true);
  });

  it('narrows by condition to the providers whose specialties treat it', async () => {
    const expected = demoProviders.filter((p) =>
      conditionsTreatedBy(p.details.specialties).includes('Back Pain'),
    );
    const found = await all({ condition: 'Back Pain' });
    expect(found.map((c) => c.id).sort()).toEqual(expected.map((p) => p.id).sort());
    // The combo box sends a condition as specialty too: it is recognised as one.
    expect((await search({ specialty: 'Back Pain' })).count).toBe(expected.length);
  });

  it('narrows by insurance, by plan and by gender', async () => {
    const aetna = demoProviders.filter((p) => p.details.insurances.includes('Aetna'));
    const byName = await all({ insurance_name: 'Aetna' });
    expect(byName.map((c) => c.id).sort()).toEqual(aetna.map((p) => p.id).sort());
    expect(byName.every((c) => c.accepts_selected_insurances)).toBe(true);
    // Plan 101 is an Aetna plan (GET /insurances/1/plans).
    expect((await search({ insurance_plan_ids: [101] })).count).toBe(aetna.length);
    const women = demoProviders.filter((p) => p.details.gender === 'Female');
    const found = await all({ gender_code: 'F' });
    expect(found).toHaveLength(women.length);
    expect(found.every((c) => c.gender === 'Female' && c.gender_code === 'F')).toBe(true);
  });

  it('sorts by distance from a zip, with each facility’s distance in miles, and limits by distance', async () => {
    const hoboken = zipDirectory.byCode('07030')!;
    const milesTo = (facilityId: string) => {
      const zip = zipDirectory.byCode(demoFacilities.get(facilityId)!.zip_code)!;
      return milesBetween(hoboken.latitude, hoboken.longitude, zip.latitude, zip.longitude);
    };
    const page = await search({ zip_code: '07030', sort_on: 'distance', page_size: 50 });
    const nearest = page.providers.map((c) => c.nearest_facility!.distance!);
    expect(nearest).toEqual([...nearest].sort((a, b) => a - b));
    expect(page.providers[0]!.nearest_facility!.name).toBe('Garden State - Hoboken');
    expect(page.providers[0]!.facilities[0]!.address.zip_code).toBe('07030');
    const within = demoProviders.filter((p) =>
      p.details.facility_ids.some((id) => milesTo(id) <= 10),
    );
    const near = await all({ zip_code: '07030', distance: 10 });
    expect(near.map((c) => c.id).sort()).toEqual(within.map((p) => p.id).sort());
    expect(near.every((c) => c.nearest_facility!.distance! <= 10)).toBe(true);
    // The same place by coordinates.
    const byPlace = await search({
      latitude: hoboken.latitude,
      longitude: hoboken.longitude,
      distance: 10,
    });
    expect(byPlace.count).toBe(within.length);
  });

  it('walks every provider by distance once, at its nearest facility, page after page', async () => {
    const hoboken = zipDirectory.byCode('07030')!;
    const nearestMiles = (provider: DemoProvider) =>
      Math.min(
        ...provider.details.facility_ids.map((id) => {
          const zip = zipDirectory.byCode(demoFacilities.get(id)!.zip_code)!;
          return milesBetween(hoboken.latitude, hoboken.longitude, zip.latitude, zip.longitude);
        }),
      );
    const byPages = async (pageSize: number) => {
      const found: ProviderCardView[] = [];
      for (let page_no = 1; ; page_no++) {
        const result = await search({
          zip_code: '07030',
          sort_on: 'distance',
          page_no,
          page_size: pageSize,
        });
        expect(result.count).toBe(DEMO_SEARCH_PROVIDERS);
        found.push(...result.providers);
        if (result.providers.length < pageSize) return found;
      }
    };
    const walked = await byPages(15);
    // Each provider once, though several practise at more than one facility.
    expect(demoProviders.some((p) => p.details.facility_ids.length > 1)).toBe(true);
    expect(walked.map((c) => c.id).sort()).toEqual(demoProviders.map((p) => p.id).sort());
    const expected = [...demoProviders].sort((a, b) => nearestMiles(a) - nearestMiles(b));
    const miles = walked.map((c) => nearestMiles(demoProviders.find((p) => p.id === c.id)!));
    expect(miles).toEqual(expected.map(nearestMiles));
    // Ties (one facility's providers) by name.
    for (let i = 1; i < walked.length; i++) {
      if (miles[i] !== miles[i - 1]) continue;
      const [a, b] = [walked[i - 1]!.name, walked[i]!.name];
      expect(`${a.last_name} ${a.first_name}` <= `${b.last_name} ${b.first_name}`).toBe(true);
    }
    // Pages of another size give the same order.
    expect((await byPages(50)).map((c) => c.id)).toEqual(walked.map((c) => c.id));
  });

  it('finds by free text over names, facilities and cities', async () => {
    const inHoboken = demoProviders.filter((p) =>
      p.details.facility_ids.some((id) => demoFacilities.get(id)!.city === 'Hoboken'),
    );
    const found = await all({ text_field: 'hoboken' });
    expect(found.map((c) => c.id).sort()).toEqual(inHoboken.map((p) => p.id).sort());
    const one = demoProviders[7]!;
    const [byName] = (
      await search({
        text_field: `${one.details.first_name} ${(one as unknown as { name: string }).name.split(' ')[1]}`,
      })
    ).providers;
    expect(byName?.name.first_name).toBe(one.details.first_name);
  });

  it('narrows by visit type, by date and to the doctors online now', async () => {
    const tele = new Set(
      demoCalendars.filter((c) => c.visit_type === 'Telehealth').map((c) => c.provider_id),
    );
    const video = await all({ visit_type: 'Telehealth' });
    expect(video.map((c) => c.id).sort()).toEqual([...tele].sort());
    expect(video.every((c) => c.visit_types.includes('Telehealth'))).toBe(true);

    const online = await search({ walk_in_tele_visit_enabled: 'true', visit_type: 'Online Now' });
    expect(online.count).toBe(tele.size);
    expect(online.providers.every((c) => c.walk_in_online_now)).toBe(true);
    const view = await app.api.get(`/api/v1/providers/online?min_position=${position}`);
    const data = view.body.data as OnlineProvidersView;
    expect(data.onlineCount).toBe(tele.size);
    expect(data.providers).toHaveLength(10);

    const saturday = DateTime.fromJSDate(NOW, { zone: 'UTC' }).plus({ days: 4 }).toISODate()!;
    const working = new Set(
      demoCalendars.filter((c) => c.working_days.includes(6)).map((c) => c.provider_id),
    );
    expect((await search({ date: saturday })).count).toBe(working.size);
    const officeSaturday = new Set(
      demoCalendars
        .filter((c) => c.visit_type === 'Office' && c.working_days.includes(6))
        .map((c) => c.provider_id),
    );
    expect((await search({ date: saturday, visit_type: 'Office' })).count).toBe(
      officeSaturday.size,
    );
  });

  it('gives each provider with a calendar its next availability, and none without one', async () => {
    const page = await search({ page_size: 20 });
    for (const card of page.providers) {
      expect(card.next_availability).not.toBeNull();
      expect(Date.parse(card.next_availability!.start_date)).toBeGreaterThanOrEqual(
        NOW.getTime() + 60 * 60_000,
      );
    }
    const saturday = DateTime.fromJSDate(NOW, { zone: 'UTC' }).plus({ days: 4 }).toISODate()!;
    const [office] = (await search({ date: saturday, visit_type: 'Office' })).providers;
    expect(office!.next_availability!.start_date.slice(0, 10) >= saturday).toBe(true);

    const registered = await app.api
      .as(admin)
      .post(`/api/v1/practices/${demoProviders[0]!.practice_id}/providers`, {
        first_name: 'Zelda',
        last_name: 'Nocalendar',
        provider_type: 'local',
        specialties: ['Dermatologist'],
        facility_ids: [demoProviders[0]!.details.facility_ids[0]],
      });
    expect(registered.status).toBe(201);
    const at = (registered.body.data as { position: number }).position;
    const response = await app.api.post(`/api/v1/providers/search?min_position=${at}`, {
      text_field: 'nocalendar',
    });
    const found = (response.body.data as ProviderSearchResult).providers;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      next_availability: null,
      visit_types: [],
      practice_name: 'Hudson Valley Medical Group',
      specialties: ['Dermatologist'],
    });
    expect(found[0]!.facilities[0]!.name).toBe('Hudson Valley - Chelsea');
  });
});

describe('search filter validation', () => {
  const today = DateTime.fromJSDate(NOW, { zone: 'Pacific/Pago_Pago' });
  it.each([
    [{ page_size: 0 }, 'page_size'],
    [{ page_size: 51 }, 'page_size'],
    [{ page_no: 0 }, 'page_no'],
    [{ page_no: '1' }, 'page_no'],
    [{ gender_code: 'X' }, 'Invalid'],
    [{ visit_type: 'Home' }, 'Invalid'],
    [{ sort_on: 'price' }, 'Invalid'],
    [{ zip_code: '12' }, 'Invalid character length'],
    [{ date: 'tomorrow' }, 'Invalid Date'],
    [{ unknown_field: 1 }, 'unknown_field'],
    [
      { insurance_plan_ids: Array.from({ length: 16 }, (_, i) => i) },
      'Selection should not be greater than 15.',
    ],
    [{ zip_code: '00000' }, 'Invalid zip code.'],
    [{ insurance_plan_ids: [999] }, 'Invalid insurance plan.'],
    [{ latitude: 40.7 }, 'Latitude and longitude go together.'],
    [{ distance: 10 }, 'A distance needs a zip code or a location.'],
    [
      { date: today.minus({ days: 1 }).toISODate() },
      `Date cannot be before ${today.toFormat('MM/dd/yyyy')}.`,
    ],
  ])('refuses %j with 400', async (filter, expected) => {
    const response = await app.api.post('/api/v1/providers/search', filter);
    expect(response.status).toBe(400);
    expect(response.body.status_code).toBe(400);
    expect(JSON.stringify(response.body)).toContain(expected);
  });
});
