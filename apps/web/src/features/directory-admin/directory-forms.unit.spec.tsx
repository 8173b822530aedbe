import type { DirectoryEntryView } from '@medbook/contracts';
import { setLanguage } from '../../shared/i18n';
import {
  entrySummary,
  facilityBodyOf,
  facilityErrorsOf,
  facilityFormOf,
  providerBodyOf,
  providerErrorsOf,
  providerFormOf,
  resourceErrorsOf,
  resourceFormOf,
} from './directory-forms';

const facility: DirectoryEntryView = {
  id: 'f1',
  practice_id: 'p1',
  kind: 'facility',
  name: 'Lakeside Clinic',
  details: {
    iana_time_zone: 'America/Chicago',
    office_visit: true,
    tele_visit: false,
    address: { address1: '1 Lake St', city: 'Madison', state: 'WI', zip_code: '53703' },
  },
  registered_at: '2026-11-01T00:00:00Z',
};

describe('the directory forms', () => {
  it('read a facility and send it back as registered', () => {
    const form = facilityFormOf(facility, 'UTC');
    expect(facilityErrorsOf(form)).toEqual({});
    expect(facilityBodyOf(form)).toEqual({ name: facility.name, ...facility.details });
  });

  it("check a facility with the API's rules, the address's too", () => {
    const form = { ...facilityFormOf(facility, 'UTC'), name: '', zip_code: '12', state: 'Wis' };
    const errors = facilityErrorsOf(form);
    expect(errors.name).toBe('Invalid character length');
    expect(errors.zip_code).toBe('Invalid character length');
    expect(errors.state).toBe('Invalid');
  });

  it('keep what a provider edit does not show, and never send the account', () => {
    const provider: DirectoryEntryView = {
      ...facility,
      kind: 'provider',
      name: 'Ana Rivera',
      details: {
        user_id: 'u1',
        first_name: 'Ana',
        last_name: 'Rivera',
        provider_type: 'local',
        specialties: ['Family Medicine'],
        facility_ids: [],
        insurances: ['Aetna'],
        visit_amount: 80,
      },
    };
    const form = { ...providerFormOf(provider), last_name: 'Rivera-Diaz' };
    expect(providerBodyOf(form, provider)).toEqual({
      first_name: 'Ana',
      last_name: 'Rivera-Diaz',
      professional_suffixes: [],
      provider_type: 'local',
      specialties: ['Family Medicine'],
      facility_ids: [],
      insurances: ['Aetna'],
      visit_amount: 80,
    });
    const tooMany = { ...form, specialties: Array.from({ length: 16 }, (_, i) => `S${i}`) };
    expect(providerErrorsOf(tooMany).specialties).toBe('Selection should not be greater than 15.');
    expect(providerErrorsOf({ ...form, first_name: 'A' }).first_name).toBe(
      'Invalid character length',
    );
  });

  it('check a resource name', () => {
    expect(resourceErrorsOf({ ...resourceFormOf(null), name: 'x'.repeat(76) }).name).toBe(
      'Invalid character length',
    );
    expect(resourceErrorsOf({ ...resourceFormOf(null), name: 'Lab 1' })).toEqual({});
  });
});

describe("the directory list's lines", () => {
  const names = new Map([['f1', 'Lakeside Clinic']]);
  const resource: DirectoryEntryView = {
    ...facility,
    id: 'r1',
    kind: 'resource',
    name: 'Blood lab',
    details: { kind: 'Lab', facility_ids: ['f1'] },
  };
  const both = { ...facility, details: { ...facility.details, tele_visit: true } };

  it('say where a facility is and its visits, and what a resource is and where', () => {
    expect(entrySummary(facility, names)).toBe(
      '1 Lake St, Madison WI · America/Chicago · office visits',
    );
    expect(entrySummary(both, names)).toBe(
      '1 Lake St, Madison WI · America/Chicago · office and video visits',
    );
    expect(entrySummary(resource, names)).toBe('Lab · Lakeside Clinic');
  });

  it('say it in Spanish when Spanish is chosen', async () => {
    await setLanguage('es');
    try {
      expect(entrySummary(both, names)).toBe(
        '1 Lake St, Madison WI · America/Chicago · consultas en el consultorio y por video',
      );
      expect(entrySummary(resource, names)).toBe('Laboratorio · Lakeside Clinic');
    } finally {
      await setLanguage('en');
      localStorage.clear();
    }
  });
});
