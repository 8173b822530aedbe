import type {
  CodedItem,
  InsurancePlanView,
  InsuranceView,
  NamedItem,
  ReferenceItem,
  ZipInfo,
  ZipLookupResult,
} from '@medbook/contracts';

import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

async function data<T>(path: string): Promise<T> {
  const response = await app.api.get(path);
  expect(response.status).toBe(200);
  expect(response.body.status_code).toBe(200);
  return response.body.data as T;
}

describe('reference lists (public, no token)', () => {
  it('lists specialties with the home page tiles in their order', async () => {
    const specialties = await data<ReferenceItem[]>('/api/v1/specialties');
    const tiles = specialties
      .filter((s) => s.tile)
      .sort((a, b) => a.tile!.order - b.tile!.order)
      .map((s) => `${s.tile!.label} (${s.name})`);
    expect(tiles).toEqual([
      'Primary Care (Internist)',
      'Cardiology (Cardiologist (Heart Doctor))',
      'Neurology (Neurologist)',
      'Dermatology (Dermatologist)',
      'Gastroenterology (Gastroenterologist)',
      'Psychiatry (Psychiatrist)',
      'Nephrology (Nephrologist)',
      'Orthopedics (Orthopedic Surgeon)',
      'Pain Medicine (Pain Management Specialist)',
      'Obstetrics & Gynecology (OB-GYN (Obstetrician-Gynecologist))',
    ]);
    expect(specialties.every((s) => s.subcategory === 'Specialties')).toBe(true);
    expect(new Set(specialties.map((s) => s.id)).size).toBe(specialties.length);
  });

  it('lists conditions with the ten condition tiles', async () => {
    const conditions = await data<ReferenceItem[]>('/api/v1/conditions');
    const tiles = conditions.filter((c) => c.tile).map((c) => c.tile!.label);
    expect(tiles).toEqual([
      'Cold or Flu',
      'Acne',
      'Back Pain',
      'Diabetes',
      'Ear Infection',
      'Annual Physical',
      'Birth Control',
      'Stomach Pain',
      'UTI',
      'Headache',
    ]);
    expect(conditions.find((c) => c.tile?.label === 'UTI')?.name).toBe(
      'Urinary Tract Infection (UTI)',
    );
    expect(conditions.every((c) => c.subcategory === 'Conditions')).toBe(true);
  });

  it('lists insurances and the plans of one; an unknown insurance is 404', async () => {
    const insurances = await data<InsuranceView[]>('/api/v1/insurances');
    const aetna = insurances.find((i) => i.name === 'Aetna')!;
    const plans = await data<InsurancePlanView[]>(`/api/v1/insurances/${aetna.id}/plans`);
    expect(plans).toHaveLength(aetna.plan_count);
    expect(plans.every((p) => p.insurance_id === aetna.id && p.insurance_name === 'Aetna')).toBe(
      true,
    );
    const missing = await app.api.get('/api/v1/insurances/9999/plans');
    expect(missing.status).toBe(404);
    expect((await app.api.get('/api/v1/insurances/abc/plans')).status).toBe(400);
  });

  it('lists states, languages, races, ethnicities, certifications and suffixes', async () => {
    const states = await data<CodedItem[]>('/api/v1/states/all');
    expect(states.find((s) => s.code === 'NY')?.name).toBe('New York');
    expect(states.find((s) => s.code === 'DC')?.name).toBe('District of Columbia');
    expect((await data<CodedItem[]>('/api/v1/languages')).map((l) => l.name)).toContain('Spanish');
    expect((await data<CodedItem[]>('/api/v1/races')).length).toBeGreaterThan(4);
    expect((await data<CodedItem[]>('/api/v1/ethnicities')).map((e) => e.name)).toContain(
      'Hispanic or Latino',
    );
    expect((await data<NamedItem[]>('/api/v1/board-certifications')).length).toBeGreaterThan(5);
    expect((await data<NamedItem[]>('/api/v1/professional-suffixes')).map((s) => s.name)).toContain(
      'MD',
    );
    expect((await data<NamedItem[]>('/api/v1/hospital-affiliations')).length).toBeGreaterThan(5);
  });
});

describe('zip codes', () => {
  it('finds zips by a prefix of the code, in order, with city in title case and state name', async () => {
    const rows = await data<ZipLookupResult[]>('/api/v1/zipcodes?text=1000&limit=3');
    expect(rows.map((r) => r.zip_code)).toEqual(['10001', '10002', '10003']);
    expect(rows[0]).toMatchObject({
      city: 'New York',
      state: 'New York',
      state_code: 'NY',
      text_field: 'New York, NY',
    });
    expect(rows[0]!.latitude).toBeCloseTo(40.75, 1);
  });

  it('finds zips by a prefix of the city, case-insensitively', async () => {
    const rows = await data<ZipLookupResult[]>('/api/v1/zipcodes?text=hobok');
    expect(rows.map((r) => [r.zip_code, r.city, r.state_code])).toContainEqual([
      '07030',
      'Hoboken',
      'NJ',
    ]);
    expect(rows.every((r) => r.city.toLowerCase().startsWith('hobok'))).toBe(true);
    expect(await data<ZipLookupResult[]>('/api/v1/zipcodes?text=zzzzqq')).toEqual([]);
  });

  it('answers a zip by code and the nearest zip to coordinates', async () => {
    const info = await data<ZipInfo>('/api/v1/zipcodes/94110');
    expect(info).toMatchObject({ code: '94110', city: 'San Francisco', state: 'CA' });
    const near = await data<ZipInfo>(
      '/api/v1/zipcodes/by-coordinates?latitude=40.74&longitude=-74.03',
    );
    expect(near.code).toBe('07030');
    expect((await app.api.get('/api/v1/zipcodes/00000')).status).toBe(404);
    // The middle of the Atlantic has no zip code.
    expect(
      (await app.api.get('/api/v1/zipcodes/by-coordinates?latitude=35&longitude=-40')).status,
    ).toBe(404);
  });

  it('refuses malformed lookups with 400', async () => {
    for (const path of [
      '/api/v1/zipcodes',
      '/api/v1/zipcodes?text=%3Cscript%3E',
      '/api/v1/zipcodes?text=10&limit=500',
      '/api/v1/zipcodes/12ab5',
      '/api/v1/zipcodes/by-coordinates?latitude=200&longitude=0',
      '/api/v1/zipcodes/by-coordinates?latitude=40',
    ]) {
      const response = await app.api.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(response.body.status_code).toBe(400);
    }
  });
});
