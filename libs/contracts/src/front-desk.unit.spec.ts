import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { PatientSearchQuery, RegisterPatientDto } from './front-desk';

const errorsOf = (body: object) =>
  Object.fromEntries(
    validateSync(plainToInstance(RegisterPatientDto, body)).map((e) => [
      e.property,
      Object.values(e.constraints ?? {}),
    ]),
  );

const desk = { first_name: 'Ada', last_name: 'Lovelace', mobile_number: '(555) 123-4567' };

describe('RegisterPatientDto', () => {
  it('takes a name, a birth date and a phone; the email is optional', () => {
    expect(errorsOf({ ...desk, birth_date: '1990-02-03' })).toEqual({});
    expect(errorsOf({ ...desk, birth_date: '1990-02-03', email: 'ada@example.com' })).toEqual({});
  });

  it('requires the birth date and refuses impossible or future ones', () => {
    expect(errorsOf(desk)).toEqual({ birth_date: ['Invalid', 'Required', 'Invalid'] });
    expect(errorsOf({ ...desk, birth_date: '1990-02-30' })).toEqual({ birth_date: ['Invalid'] });
    expect(errorsOf({ ...desk, birth_date: '2999-01-01' })).toEqual({ birth_date: ['Invalid'] });
  });

  it('requires the phone and checks it and the email against the product patterns', () => {
    const { mobile_number: _, ...noPhone } = desk;
    expect(errorsOf({ ...noPhone, birth_date: '1990-02-03' })).toEqual({
      mobile_number: ['Invalid', 'Invalid character length', 'Required', 'Invalid'],
    });
    expect(
      errorsOf({ ...desk, birth_date: '1990-02-03', mobile_number: 'call me', email: 'ada@' }),
    ).toEqual({ mobile_number: ['Invalid'], email: ['Invalid'] });
  });
});

describe('PatientSearchQuery', () => {
  it('needs at least two characters', () => {
    expect(validateSync(plainToInstance(PatientSearchQuery, { q: 'a' }))).toHaveLength(1);
    expect(validateSync(plainToInstance(PatientSearchQuery, { q: 'ad' }))).toHaveLength(0);
  });
});
