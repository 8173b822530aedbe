import { namesOnePerson, patientSearchCriteria } from './patient-search.criteria';

describe('what the front desk types to find a patient', () => {
  it('reads names as the starts of first or last names', () => {
    expect(patientSearchCriteria('  ada  Love ')).toMatchObject({
      names: ['ada', 'Love'],
      birthDate: null,
      phoneDigits: null,
    });
  });

  it('reads a birth date written either way the product writes dates', () => {
    expect(patientSearchCriteria('1990-12-10').birthDate).toBe('1990-12-10');
    expect(patientSearchCriteria('Lovelace 12/10/1990')).toMatchObject({
      birthDate: '1990-12-10',
      names: ['Lovelace'],
    });
    expect(patientSearchCriteria('2/30/1990').impossible).toBe(true);
  });

  it('joins the digits of a phone number however it is spaced', () => {
    expect(patientSearchCriteria('(555) 123-4567').phoneDigits).toBe('5551234567');
    expect(patientSearchCriteria('+1 555 123').phoneDigits).toBe('1555123');
  });

  it('reads an email address whole', () => {
    expect(patientSearchCriteria('Ada@Example.com').email).toBe('ada@example.com');
  });

  it('lets a patient from outside the practice be found only by what names one person', () => {
    expect(namesOnePerson(patientSearchCriteria('Ada'))).toBe(false);
    expect(namesOnePerson(patientSearchCriteria('555 123'))).toBe(false);
    expect(namesOnePerson(patientSearchCriteria('Ada Lovelace'))).toBe(false);
    expect(namesOnePerson(patientSearchCriteria('(555) 123-4567'))).toBe(true);
    expect(namesOnePerson(patientSearchCriteria('ada@example.com'))).toBe(true);
    expect(namesOnePerson(patientSearchCriteria('Ada Lovelace 1990-12-10'))).toBe(true);
  });
});
