import { ValidateBy, type ValidationArguments } from 'class-validator';
import { isCalendarDate } from '../calendar-date';
import { LIMITS, NAME_PATTERN, VALIDATION_MESSAGES } from './patterns';

/**
 * The rules for a person's name, birth date and address, shared by the API's DTOs (through the
 * decorators below) and the web's forms (through the *Problem functions): each answers the spec's
 * message for a value, or null when the value is good.
 */

/** The spec's date messages (second document, section 8). */
export const DATE_MESSAGES = {
  invalidDate: 'Invalid Date',
  /** 'The {field} should be a date earlier than today.' */
  earlierThanToday: (field: string) => `The ${field} should be a date earlier than today.`,
  /** '{field} cannot be before {date}.' */
  notBefore: (field: string, date: string) =>
    `${field.charAt(0).toUpperCase()}${field.slice(1)} cannot be before ${date}.`,
} as const;

/** The earliest birth date taken: an older one is a typing slip, not a patient. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** How a name is stored and measured: Unicode NFC (composed accents), without outer spaces. */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim();
}

const LETTER = /\p{L}/gu;

/** Letters in a name: the spec's minimum of 2 counts these, not spaces or apostrophes. */
export const letterCount = (value: string): number => value.match(LETTER)?.length ?? 0;

/** Scripts whose one character is a whole syllable: 李 or 김 is a complete surname. */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The letters a name needs: the minimum, or one in a syllabic script (ours beyond the spec). */
const tooShort = (name: string, minLetters: number): boolean => {
  const letters = letterCount(name);
  return letters < minLetters && !(letters >= 1 && SYLLABIC.test(name));
};

/**
 * A first, middle or last name, after NFC normalisation and trimming: 'Required' when empty,
 * 'Invalid' for a character outside the rule, 'Invalid character length' for more than 35
 * characters or fewer than 2 letters (one in Han, Hangul or kana).
 */
export function nameProblem(value: unknown, minLetters: number = LIMITS.minName): string | null {
  if (value === undefined || value === null) return VALIDATION_MESSAGES.required;
  if (typeof value !== 'string') return VALIDATION_MESSAGES.invalid;
  const name = normalizeName(value);
  if (name === '') return VALIDATION_MESSAGES.required;
  if (!NAME_PATTERN.test(name)) return VALIDATION_MESSAGES.invalid;
  if ([...name].length > LIMITS.name || tooShort(name, minLetters)) {
    return VALIDATION_MESSAGES.length;
  }
  return null;
}

/** A street address line: at most 50 characters. */
export function addressLineProblem(value: unknown): string | null {
  if (value === undefined || value === null) return VALIDATION_MESSAGES.required;
  if (typeof value !== 'string') return VALIDATION_MESSAGES.invalid;
  const line = value.trim();
  if (line === '') return VALIDATION_MESSAGES.required;
  return [...line].length > LIMITS.address ? VALIDATION_MESSAGES.length : null;
}

/** The spec's city rule: letters (any script) and spaces, at most 30 characters. */
export const CITY_PATTERN = /^\p{L}\p{M}*(?:[ ]|\p{L}\p{M}*)*$/u;

export function cityProblem(value: unknown): string | null {
  if (value === undefined || value === null) return VALIDATION_MESSAGES.required;
  if (typeof value !== 'string') return VALIDATION_MESSAGES.invalid;
  const city = value.normalize('NFC').trim();
  if (city === '') return VALIDATION_MESSAGES.required;
  if (!CITY_PATTERN.test(city)) return VALIDATION_MESSAGES.invalid;
  return [...city].length > LIMITS.city ? VALIDATION_MESSAGES.length : null;
}

/** A zip code: digits only, 5 to 9 of them. */
export function zipProblem(value: unknown): string | null {
  if (value === undefined || value === null) return VALIDATION_MESSAGES.required;
  if (typeof value !== 'string') return VALIDATION_MESSAGES.invalid;
  const zip = value.trim();
  if (zip === '') return VALIDATION_MESSAGES.required;
  if (!/^[0-9]+$/.test(zip)) return VALIDATION_MESSAGES.invalid;
  return zip.length < LIMITS.zipMin || zip.length > LIMITS.zipMax
    ? VALIDATION_MESSAGES.length
    : null;
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A date as people type it in the forms (MM/DD/YYYY) as the API takes it (YYYY-MM-DD), or null. */
export function usDateToIso(value: string): string | null {
  const match = US_DATE.exec(value.trim());
  if (!match) return null;
  const [, month, day, year] = match as unknown as [string, string, string, string];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

/** YYYY-MM-DD shown as MM/DD/YYYY; anything else as it is. */
export function isoToUsDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : value;
}

/** Today as far east as any zone goes (UTC+14): a day before it is in the past somewhere. */
export const latestToday = (now: Date = new Date()): string =>
  new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/**
 * A birth date (YYYY-MM-DD): 'Invalid Date' for a day that does not exist, the spec's
 * 'The {field} should be a date earlier than today.' for today or later (the API passes
 * latestToday(), the browser the user's own today), and not before EARLIEST_BIRTH_DATE.
 */
export function pastDateProblem(
  value: unknown,
  field: string,
  today: string = latestToday(),
): string | null {
  if (value === undefined || value === null || value === '') return VALIDATION_MESSAGES.required;
  if (!isCalendarDate(value)) return DATE_MESSAGES.invalidDate;
  if (value >= today) return DATE_MESSAGES.earlierThanToday(field);
  if (value < EARLIEST_BIRTH_DATE) {
    return DATE_MESSAGES.notBefore(field, isoToUsDate(EARLIEST_BIRTH_DATE));
  }
  return null;
}

/** A class-validator decorator answering a *Problem function's message. */
function byProblem(name: string, problem: (value: unknown) => string | null): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => problem(value) === null,
      defaultMessage: (args?: ValidationArguments) =>
        problem(args?.value) ?? VALIDATION_MESSAGES.invalid,
    },
  });
}

/** The name rule (nameProblem); combine with @IsOptional() for an optional name. */
export const IsPersonName = (minLetters: number = LIMITS.minName): PropertyDecorator =>
  byProblem('isPersonName', (value) => nameProblem(value, minLetters));
export const IsAddressLine = (): PropertyDecorator =>
  byProblem('isAddressLine', addressLineProblem);
export const IsCity = (): PropertyDecorator => byProblem('isCity', cityProblem);
export const IsZipCode = (): PropertyDecorator => byProblem('isZipCode', zipProblem);
/** A real day before today (pastDateProblem); `field` names it in the message. */
export const IsPastDate = (field: string): PropertyDecorator =>
  byProblem('isPastDate', (value) => pastDateProblem(value, field));
