import type { FamilyPassportView, VaccinationPassportView } from '@medbook/contracts';
import { passportOutcome } from './passport-outcome';

const person = (id: string, passport: boolean): FamilyPassportView => ({
  patient_id: id,
  name: `Person ${id}`,
  relationship: null,
  passport: passport ? ({ token: 't' } as unknown as VaccinationPassportView) : null,
});

describe('where the passport flow goes', () => {
  it('goes to the family page when there is more than one person', () => {
    expect(passportOutcome([person('a', false), person('b', true)])).toEqual({
      kind: 'family',
      to: '/vaccine-passport/family',
    });
  });

  it('shows the one person’s passport when it can be issued', () => {
    expect(passportOutcome([person('a', true)])).toMatchObject({ kind: 'own' });
  });

  it('goes to no-record when nobody has a record', () => {
    for (const people of [[], [person('a', false)]]) {
      expect(passportOutcome(people)).toEqual({ kind: 'none', to: '/vaccine-passport/no-record' });
    }
  });
});
