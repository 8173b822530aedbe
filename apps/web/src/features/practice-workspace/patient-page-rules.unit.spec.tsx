import type { AppointmentView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import {
  ageOn,
  fullName,
  groupVisits,
  mayReadAudit,
  phoneText,
  visitsOf,
} from './patient-page-rules';
import { patientAuditPath, patientPagePath } from '../../shared/role-paths';

const visit = (id: string, start: string, minutes = 30, patient = 'p1') =>
  ({
    appointment_id: id,
    patient_id: patient,
    start_date: start,
    end_date: DateTime.fromISO(start).plus({ minutes }).toISO(),
  }) as AppointmentView;

describe('the practice’s patient page rules', () => {
  const today = DateTime.fromISO('2026-03-10T15:00:00', { zone: 'America/New_York' });

  it('counts whole years, the birthday itself included, and nothing for a missing or future date', () => {
    expect(ageOn('1990-03-10', today)).toBe(36);
    expect(ageOn('1990-03-11', today)).toBe(35);
    expect(ageOn('2000-02-29', DateTime.fromISO('2026-02-28'))).toBe(25);
    expect(ageOn('2000-02-29', DateTime.fromISO('2026-03-01'))).toBe(26);
    expect(ageOn('2000-02-29', DateTime.fromISO('2028-02-29'))).toBe(28);
    expect(ageOn('2026-03-10', today)).toBe(0);
    expect(ageOn('2026-03-11', today)).toBeNull();
    expect(ageOn(null, today)).toBeNull();
    expect(ageOn('not a date', today)).toBeNull();
  });

  it('splits visits at now: upcoming soonest first (one under way included), past latest first', () => {
    const now = DateTime.fromISO('2026-03-10T15:00:00Z');
    const visits = [
      visit('old', '2026-01-05T14:00:00Z'),
      visit('next-week', '2026-03-17T14:00:00Z'),
      visit('under-way', '2026-03-10T14:45:00Z'),
      visit('last-month', '2026-02-10T14:00:00Z'),
      visit('tomorrow', '2026-03-11T14:00:00Z'),
      visit('just-ended', '2026-03-10T14:30:00Z'),
    ];
    const { upcoming, past } = groupVisits(visits, now);
    expect(upcoming.map((a) => a.appointment_id)).toEqual(['under-way', 'tomorrow', 'next-week']);
    expect(past.map((a) => a.appointment_id)).toEqual(['just-ended', 'last-month', 'old']);
    expect(groupVisits([], now)).toEqual({ upcoming: [], past: [] });
  });

  it('keeps only this patient’s visits', () => {
    const list = [visit('a', '2026-03-11T14:00:00Z'), visit('b', '2026-03-11T15:00:00Z', 30, 'p2')];
    expect(visitsOf('p1', list).map((a) => a.appointment_id)).toEqual(['a']);
  });

  it('shows the audit link to practice admins only', () => {
    expect(mayReadAudit('PracticeAdmin')).toBe(true);
    expect(mayReadAudit('Staff')).toBe(false);
    expect(mayReadAudit('Provider')).toBe(false);
  });

  it('names and formats', () => {
    expect(fullName({ first_name: 'Ada', middle_name: null, last_name: 'King' })).toBe('Ada King');
    expect(fullName({ first_name: 'Ada', middle_name: 'B', last_name: 'King' })).toBe('Ada B King');
    expect(phoneText('5550102233')).toBe('(555) 010-2233');
    expect(phoneText('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(patientPagePath('p 1')).toBe('/practice/patients/p%201');
    expect(patientAuditPath('p1')).toBe('/practice-admin/audit?patient_id=p1');
  });
});
