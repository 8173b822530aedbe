import 'reflect-metadata';
import { validateSync } from 'class-validator';
import { AddFamilyMemberDto } from './users.dto';
import { SignUpDto } from './auth.dto';
import { RegisterPatientDto } from '../front-desk';
import { DemographicsAddressDto, INTAKE_MESSAGES } from '../intake';
import {
  addressLineProblem,
  cityProblem,
  isoToUsDate,
  latestToday,
  letterCount,
  nameProblem,
  normalizeName,
  pastDateProblem,
  usDateToIso,
  zipProblem,
} from './person-rules';

const messagesOf = (dto: object): Record<string, string[]> =>
  Object.fromEntries(
    validateSync(dto, { forbidUnknownValues: false }).map((e) => [
      e.property,
      Object.values(e.constraints ?? {}),
    ]),
  );

describe('the name rule', () => {
  it('takes letters of any script, spaces and apostrophes', () => {
    for (const good of [
      'Ada',
      "O'Brien",
      'O’Brien',
      'Mary Ann',
      'José',
      'Zoë',
      'Łukasz',
      'Ångström',
      '李小龙',
      'Дмитрий',
      'محمد',
      'देवनागरी', // vowel signs stay combining marks after NFC
      'Jo',
      'Mary-Jane',
      'Smith-Jones',
      '李',
      '김',
    ]) {
      expect({ good, problem: nameProblem(good) }).toEqual({ good, problem: null });
    }
  });

  it('measures decomposed (NFD) accents as the composed letters people read', () => {
    const joseNfd = 'Jose\u0301';
    const zoeNfd = 'Zoe\u0308';
    expect(joseNfd).not.toBe('José');
    expect(nameProblem(joseNfd)).toBeNull();
    expect(nameProblem(zoeNfd)).toBeNull();
    expect(normalizeName(`  ${zoeNfd} `)).toBe('Zoë');
    // A combining mark alone is no letter: "e" plus an accent is one letter, under the minimum.
    expect(nameProblem('e\u0301')).toBe('Invalid character length');
    expect(nameProblem('\u0301a')).toBe('Invalid');
  });

  it('counts letters, not spaces or apostrophes, for the 2-character minimum', () => {
    expect(letterCount("O' B")).toBe(2);
    expect(nameProblem('A ')).toBe('Invalid character length');
    expect(nameProblem('A     ')).toBe('Invalid character length');
    expect(nameProblem("A'")).toBe('Invalid character length');
    expect(nameProblem("A ' ")).toBe('Invalid character length');
    // One Han, Hangul or kana character is a whole surname (ours beyond the spec).
    expect(nameProblem('李 ')).toBeNull();
    expect(nameProblem('A B')).toBeNull();
    // A middle name may be one letter (an initial).
    expect(nameProblem('Q', 1)).toBeNull();
  });

  it('takes 35 characters and refuses 36', () => {
    expect(nameProblem('a'.repeat(35))).toBeNull();
    expect(nameProblem('a'.repeat(36))).toBe('Invalid character length');
    // Counted after NFC: 35 decomposed "é" are 35 characters, not 70.
    expect(nameProblem('e\u0301'.repeat(35))).toBeNull();
    // Counted in characters (code points), not UTF-16 units: 35 astral letters pass.
    expect(nameProblem('𠀀'.repeat(35))).toBeNull();
  });

  it('refuses digits, stray hyphens, symbols and a leading apostrophe; requires a value', () => {
    for (const bad of [
      'Ada1',
      '-Ada',
      'Ada-',
      'Ada--Lee',
      'Ada - Lee',
      'Ada!',
      "'Ada",
      'Ada_Lee',
      '<b>',
      'Ada.',
    ]) {
      expect({ bad, problem: nameProblem(bad) }).toEqual({ bad, problem: 'Invalid' });
    }
    expect(nameProblem('')).toBe('Required');
    expect(nameProblem('   ')).toBe('Required');
    expect(nameProblem(undefined)).toBe('Required');
    expect(nameProblem(42)).toBe('Invalid');
  });

  it('is the rule of sign-up, family members and the front desk alike', () => {
    const family = Object.assign(new AddFamilyMemberDto(), {
      first_name: 'A ',
      last_name: 'Zoe\u0308',
      relationship: 'Child',
    });
    expect(messagesOf(family)).toEqual({ first_name: ['Invalid character length'] });
    const signUp = Object.assign(new SignUpDto(), {
      first_name: 'Jose\u0301',
      last_name: 'L',
      email: 'a@example.com',
      password: 'a'.repeat(64),
      terms_accepted: true,
    });
    expect(messagesOf(signUp)).toEqual({ last_name: ['Invalid character length'] });
    const desk = Object.assign(new RegisterPatientDto(), {
      first_name: "O'Brien",
      last_name: '',
      birth_date: '1990-02-03',
      mobile_number: '5551234567',
    });
    expect(messagesOf(desk)).toEqual({ last_name: ['Required'] });
  });
});

describe('dates', () => {
  it('reads MM/DD/YYYY as the API takes it and shows YYYY-MM-DD that way', () => {
    expect(usDateToIso('02/29/2028')).toBe('2028-02-29');
    expect(usDateToIso('2/3/1990')).toBe('1990-02-03');
    expect(usDateToIso(' 12/31/1999 ')).toBe('1999-12-31');
    for (const impossible of [
      '02/30/1990',
      '02/29/2027',
      '13/01/1990',
      '00/10/1990',
      '1990-02-03',
    ]) {
      expect({ impossible, iso: usDateToIso(impossible) }).toEqual({ impossible, iso: null });
    }
    expect(isoToUsDate('1990-02-03')).toBe('02/03/1990');
    expect(isoToUsDate(null)).toBe('');
  });

  it("answers the spec's words for today or later, 'Invalid Date' for impossible days", () => {
    const today = '2026-11-25';
    expect(pastDateProblem('2026-11-24', 'date of birth', today)).toBeNull();
    expect(pastDateProblem('2026-11-25', 'date of birth', today)).toBe(
      'The date of birth should be a date earlier than today.',
    );
    expect(pastDateProblem('2999-01-01', 'date of birth', today)).toBe(
      'The date of birth should be a date earlier than today.',
    );
    expect(pastDateProblem('1990-02-30', 'date of birth', today)).toBe('Invalid Date');
    expect(pastDateProblem('1990-2-3', 'date of birth', today)).toBe('Invalid Date');
    expect(pastDateProblem('1900-01-01', 'date of birth', today)).toBeNull();
    expect(pastDateProblem('1899-12-31', 'date of birth', today)).toBe(
      'Date of birth cannot be before 01/01/1900.',
    );
    expect(pastDateProblem('', 'date of birth', today)).toBe('Required');
    expect(INTAKE_MESSAGES.birthDateInFuture).toBe(
      'The date of birth should be a date earlier than today.',
    );
  });

  it("takes the API's today as the latest on Earth (UTC+14)", () => {
    expect(latestToday(new Date('2026-11-25T09:59:59Z'))).toBe('2026-11-25');
    expect(latestToday(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-26');
  });
});

describe('address', () => {
  it('takes address lines up to 50 characters', () => {
    expect(addressLineProblem('a'.repeat(50))).toBeNull();
    expect(addressLineProblem('a'.repeat(51))).toBe('Invalid character length');
    expect(addressLineProblem(' ')).toBe('Required');
  });

  it('takes cities of letters and spaces up to 30 characters', () => {
    expect(cityProblem('a'.repeat(30))).toBeNull();
    expect(cityProblem('a'.repeat(31))).toBe('Invalid character length');
    expect(cityProblem('New York')).toBeNull();
    expect(cityProblem('São Paulo')).toBeNull();
    expect(cityProblem('Sa\u0303o Paulo')).toBeNull();
    expect(cityProblem('Newark 2')).toBe('Invalid');
    expect(cityProblem('')).toBe('Required');
  });

  it('takes zip codes of 5 to 9 digits', () => {
    expect(zipProblem('12345')).toBeNull();
    expect(zipProblem('123456789')).toBeNull();
    expect(zipProblem('1234')).toBe('Invalid character length');
    expect(zipProblem('1234567890')).toBe('Invalid character length');
    expect(zipProblem('1234a')).toBe('Invalid');
    expect(zipProblem('12345-6789')).toBe('Invalid');
    expect(zipProblem('')).toBe('Required');
  });

  it('is the demographics address DTO', () => {
    const address = Object.assign(new DemographicsAddressDto(), {
      address1: 'a'.repeat(51),
      address2: 'b'.repeat(51),
      city: 'Newark1',
      state: 'NJ',
      zip_code: '1234',
    });
    expect(messagesOf(address)).toEqual({
      address1: ['Invalid character length'],
      address2: ['Invalid character length'],
      city: ['Invalid'],
      zip_code: ['Invalid character length'],
    });
  });
});
