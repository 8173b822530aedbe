import { isCalendarDate } from '@medbook/contracts';

/** What the desk typed, read as a birth date, a phone number, an email and name parts. */
export interface PatientSearchCriteria {
  readonly birthDate: string | null;
  /** The phone's digits, or null. */
  readonly phoneDigits: string | null;
  readonly email: string | null;
  readonly names: readonly string[];
  /** Something typed could not be anything (an impossible date): nobody matches. */
  readonly impossible: boolean;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const PHONE_PART = /^\+?[\d()-]+$/;
/** A full number, digits only: enough to name one person across practices. */
export const FULL_PHONE_DIGITS = 10;

/**
 * "Lovelace 12/10/1990", "555 123 4567", "ada@example.com": each word is a date (YYYY-MM-DD or
 * M/d/yyyy, as the product writes dates), part of a phone number (its digits joined), an email,
 * or the start of a first or last name.
 */
export function patientSearchCriteria(q: string): PatientSearchCriteria {
  let birthDate: string | null = null;
  let digits = '';
  let email: string | null = null;
  let impossible = false;
  const names: string[] = [];
  for (const word of q.trim().split(/\s+/).filter(Boolean)) {
    const us = US_DAY.exec(word);
    if (ISO_DAY.test(word) || us) {
      const day = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : word;
      if (isCalendarDate(day)) birthDate = day;
      else impossible = true;
    } else if (word.includes('@')) {
      email = word.toLowerCase();
    } else if (PHONE_PART.test(word) && /\d/.test(word)) {
      digits += word.replace(/\D/g, '');
    } else {
      const name = word.replace(/[^\p{L}'’-]/gu, '');
      if (name) names.push(name);
    }
  }
  return { birthDate, phoneDigits: digits || null, email, names, impossible };
}

/**
 * Patients the practice has never seen are found only by what names one person: a full phone
 * number, an email address, or a first and last name with the birth date.
 */
export function namesOnePerson(criteria: PatientSearchCriteria): boolean {
  return (
    (criteria.phoneDigits?.length ?? 0) >= FULL_PHONE_DIGITS ||
    criteria.email !== null ||
    (criteria.birthDate !== null && criteria.names.length >= 2)
  );
}
