import type { ProviderCardView, ProviderSearchResult } from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { DateTime } from 'luxon';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import {
  CONDITIONS,
  conditionsTreatedBy,
  SPECIALTIES,
} from '../../../apps/api/src/modules/reference/specialties.data';
import { zipDirectory, milesBetween } from '../../../apps/api/src/modules/reference/zip-directory';
import { appendDemoDirectory, demoStreams } from '../../../apps/api/src/demo/search-demo-seed';
import { eventually } from '../../support/events';
import { startTestApp, type TestApp } from '../../support/test-app';

// Issue 19, "Finding a provider": free text that is never dropped (typos, names, the home page's
// tile labels), relevance before the chosen sort, and the search page's filters.

// A Tuesday at 15:00 UTC: every US facility's Tuesday has begun and no office hours have ended.
const NOW = (() => {
  let day = DateTime.utc().plus({ days: 1 }).startOf('day');
  while (day.weekday !== 2) day = day.plus({ days: 1 });
  return day.set({ hour: 15 }).toJSDate();
})();

interface DemoProvider {
  id: string;
  name: string;
  details: {
    first_name: string;
    last_name: string;
    gender: string;
    specialties: string[];
    insurances: string[];
    languages: string[];
    facility_ids: string[];
  };
}
const streams = demoStreams(NOW);
const providers = streams
  .filter((s) => s.type === 'DirectoryEntryRegistered' && s.data.kind === 'provider')
  .map((s) => s.data as unknown as DemoProvider);
const facilityZips = new Map(
  streams
    .filter((s) => s.type === 'DirectoryEntryRegistered' && s.data.kind === 'facility')
    .map((s) => [
      s.data.id as string,
      (s.data.details as { address: { zip_code: string } }).address.zip_code,
    ]),
);
const calendars = streams
  .filter((s) => s.type === 'CalendarCreated')
  .map((s) => s.data as { provider_id: string; visit_type: string; working_days: number[] });

let app: TestApp;
let position: number;

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => NOW } });
  position = (await appendDemoDirectory(app.app.get<EventStore>(EVENT_STORE), NOW)).position!;
  await eventually(
    () => app.api.post(`/api/v1/providers/search?min_position=${position}`, {}),
    (response) => response.status === 200,
    120_000,
  );
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

const ids = (list: readonly { id: string }[]) => list.map((p) => p.id).sort();
const withSpecialty = (name: string) =>
  providers.filter((p) => p.details.specialties.includes(name));

describe('relevance: what was asked first, then the chosen sort', () => {
  it('a Family Medicine search opens with family doctors, not a psychiatrist who also lists it', async () => {
    const hoboken = zipDirectory.byCode('07030')!;
    const found = await all({
      specialty: 'Family Medicine',
      zip_code: '07030',
      sort_on: 'distance',
    });
    expect(ids(found)).toEqual(ids(withSpecialty('Family Medicine')));
    const primary = (c: ProviderCardView) => c.specialties[0] === 'Family Medicine';
    // The demo has providers whose first specialty is another (a psychiatrist among them).
    const secondary = found.filter((c) => !primary(c));
    expect(secondary.some((c) => c.specialties[0] === 'Psychiatrist')).toBe(true);
    const lastPrimary = found.map(primary).lastIndexOf(true);
    const firstSecondary = found.map(primary).indexOf(false);
    expect(lastPrimary).toBeLessThan(firstSecondary);
    // Within the same relevance, the chosen sort: nearest first.
    const nearest = (c: ProviderCardView) =>
      Math.min(
        ...c.facilities.map((f) => {
          const zip = zipDirectory.byCode(f.address.zip_code)!;
          return milesBetween(hoboken.latitude, hoboken.longitude, zip.latitude, zip.longitude);
        }),
      );
    for (const tier of [found.filter(primary), secondary]) {
      const miles = tier.map(nearest);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
    }
  });

  it('a condition search opens with the providers whose first specialty treats it', async () => {
    const treats = (name: string, first: string) => conditionsTreatedBy([first]).includes(name);
    // A condition some demo providers treat only through a second specialty.
    const condition = CONDITIONS.map((c) => c.name).find((name) =>
      providers.some(
        (p) =>
          !treats(name, p.details.specialties[0]!) &&
          conditionsTreatedBy(p.details.specialties).includes(name),
      ),
    )!;
    expect(condition).toBeDefined();
    const found = await all({ condition });
    const first = found.map((c) => treats(condition, c.specialties[0]!));
    expect(first.includes(false)).toBe(true);
    expect(first.lastIndexOf(true)).toBeLessThan(first.indexOf(false));
  });

  it('sorts by soonest availability after relevance', async () => {
    // Days from Tuesday to each provider's next working day (0: today, whose hours have begun or
    // are ahead everywhere at 15:00 UTC).
    const daysToOpen = (id: string) =>
      Math.min(
        ...calendars
          .filter((c) => c.provider_id === id)
          .map((c) => Math.min(...c.working_days.map((d) => (d - 2 + 7) % 7))),
      );
    const found = await all({ sort_on: 'availability' });
    expect(found).toHaveLength(providers.length);
    const days = found.map((c) => daysToOpen(c.id));
    expect(days).toEqual([...days].sort((a, b) => a - b));
    expect(new Set(days).size).toBeGreaterThan(1);
    const family = await all({ specialty: 'Family Medicine', sort_on: 'availability' });
    const primary = family.map((c) => c.specialties[0] === 'Family Medicine');
    expect(primary.includes(false)).toBe(true);
    expect(primary.lastIndexOf(true)).toBeLessThan(primary.indexOf(false));
    const firstTier = family.filter((_, i) => primary[i]).map((c) => daysToOpen(c.id));
    expect(firstTier).toEqual([...firstTier].sort((a, b) => a - b));
  });
});

describe('free text is never dropped', () => {
  it('finds a specialty through a typo, and the same providers as the name', async () => {
    const found = await all({ specialty: 'dermatolgist' });
    expect(ids(found)).toEqual(ids(withSpecialty('Dermatologist')));
    const gastro = await all({ specialty: 'gastroentrologist' });
    expect(ids(gastro)).toEqual(ids(withSpecialty('Gastroenterologist')));
  });

  it('finds a condition through a typo and words of a specialty’s name', async () => {
    const migraine = providers.filter((p) =>
      conditionsTreatedBy(p.details.specialties).includes('Migraine'),
    );
    expect(ids(await all({ specialty: 'migrane' }))).toEqual(ids(migraine));
    const heart = await all({ specialty: 'heart doctor' });
    expect(ids(heart)).toEqual(ids(withSpecialty('Cardiologist (Heart Doctor)')));
  });

  it('finds a provider by name, misspelt, first', async () => {
    const one = providers[37]!;
    const { first_name, last_name } = one.details;
    const typo = `${first_name} ${last_name.slice(0, -2)}${last_name.slice(-1)}`.toLowerCase();
    expect(typo).not.toBe(`${first_name} ${last_name}`.toLowerCase());
    const found = await search({ specialty: typo });
    expect(found.count).toBeGreaterThan(0);
    expect(found.providers[0]!.name.full_name).toBe(`${first_name} ${last_name}`);
  });

  it('answers nothing, not everyone, for text that matches nothing', async () => {
    const found = await search({ specialty: 'zqxjv wvkq' });
    expect(found).toMatchObject({ count: 0, providers: [] });
  });

  it.each([
    ...SPECIALTIES.filter((s) => s.tile).map((s) => [s.tile!.label, s.name, 'specialty'] as const),
    ...CONDITIONS.filter((c) => c.tile).map((c) => [c.tile!.label, c.name, 'condition'] as const),
  ])('the home tile %s finds what it shows (%s)', async (label, name, kind) => {
    const expected =
      kind === 'specialty'
        ? withSpecialty(name)
        : providers.filter((p) => conditionsTreatedBy(p.details.specialties).includes(name));
    expect(expected.length).toBeGreaterThan(0);
    // The tile searches its name; the label typed (in any case) finds the same providers.
    const byName = await all({ [kind]: name });
    expect(ids(byName)).toEqual(ids(expected));
    const typed = await all({ specialty: label.toLowerCase() });
    expect(ids(typed)).toEqual(ids(expected));
  });
});

describe('filters', () => {
  it('visit type: office or video', async () => {
    const withType = (type: string) =>
      [...new Set(calendars.filter((c) => c.visit_type === type).map((c) => c.provider_id))].sort();
    const video = await all({ visit_type: 'Telehealth' });
    expect(ids(video)).toEqual(withType('Telehealth'));
    const office = await all({ visit_type: 'Office', specialty: 'Internist' });
    const internists = new Set(withSpecialty('Internist').map((p) => p.id));
    expect(ids(office)).toEqual(withType('Office').filter((id) => internists.has(id)));
  });

  it('distance from a zip, with free text', async () => {
    const origin = zipDirectory.byCode('60601')!;
    const within = providers.filter(
      (p) =>
        p.details.specialties.includes('Neurologist') &&
        p.details.facility_ids.some((id) => {
          const zip = zipDirectory.byCode(facilityZips.get(id)!)!;
          return milesBetween(origin.latitude, origin.longitude, zip.latitude, zip.longitude) <= 25;
        }),
    );
    const found = await all({ specialty: 'neurologst', zip_code: '60601', distance: 25 });
    expect(ids(found)).toEqual(ids(within));
    expect(found.every((c) => c.nearest_facility!.distance! <= 25)).toBe(true);
  });

  it('accepts my insurance: only those in network, or everyone with In network marked', async () => {
    const aetna = new Set(
      providers.filter((p) => p.details.insurances.includes('Aetna')).map((p) => p.id),
    );
    expect(aetna.size).toBeLessThan(providers.length);
    const only = await all({ insurance_name: 'Aetna', accepts_insurance: 'true' });
    expect(ids(only)).toEqual([...aetna].sort());
    expect(only.every((c) => c.accepts_selected_insurances)).toBe(true);
    const everyone = await all({ insurance_name: 'Aetna', accepts_insurance: false });
    expect(everyone).toHaveLength(providers.length);
    for (const card of everyone) expect(card.accepts_selected_insurances).toBe(aetna.has(card.id));
    // Without an insurance, nobody is "in network".
    const none = await search({ page_size: 50 });
    expect(none.providers.some((c) => c.accepts_selected_insurances)).toBe(false);
  });

  it('available within N days', async () => {
    const opensWithin = (days: number) =>
      [
        ...new Set(
          calendars
            .filter((c) => c.working_days.some((d) => (d - 2 + 7) % 7 < days))
            .map((c) => c.provider_id),
        ),
      ].sort();
    expect(opensWithin(1).length).toBeLessThan(providers.length);
    expect(ids(await all({ available_within_days: 1 }))).toEqual(opensWithin(1));
    expect(ids(await all({ available_within_days: 2 }))).toEqual(opensWithin(2));
    expect((await search({ available_within_days: 7 })).count).toBe(providers.length);
  });

  it('language and gender', async () => {
    const spanish = providers.filter((p) => p.details.languages.includes('Spanish'));
    expect(spanish.length).toBeGreaterThan(0);
    const found = await all({ language: 'spanish' });
    expect(ids(found)).toEqual(ids(spanish));
    expect(found.every((c) => c.languages.includes('Spanish'))).toBe(true);
    const women = spanish.filter((p) => p.details.gender === 'Female');
    const both = await all({ language: 'Spanish', gender_code: 'F' });
    expect(ids(both)).toEqual(ids(women));
  });
});

describe('bad filter values', () => {
  it.each([
    [{ available_within_days: 0 }, 'Available within should be 1 to 60 days.'],
    [{ available_within_days: 61 }, 'Available within should be 1 to 60 days.'],
    [{ available_within_days: '3' }, 'Invalid'],
    [{ available_within_days: 2.5 }, 'Invalid'],
    [{ language: 'Klingon' }, 'Unknown language.'],
    [{ language: 'x'.repeat(41) }, 'Invalid character length'],
    [{ accepts_insurance: 'maybe' }, 'Invalid'],
    [{ accepts_insurance: 'true' }, 'Accepts insurance needs an insurance.'],
    [{ sort_on: 'relevance' }, 'Invalid'],
    [{ visit_type: 'Video' }, 'Invalid'],
    [{ distance: 'near', zip_code: '07030' }, 'Invalid'],
    [{ specialty: 'a'.repeat(101) }, 'Invalid character length'],
  ])('refuses %j with 400', async (filter, expected) => {
    const response = await app.api.post('/api/v1/providers/search', filter);
    expect(response.status).toBe(400);
    expect(response.body.status_code).toBe(400);
    expect(JSON.stringify(response.body)).toContain(expected);
  });
});
