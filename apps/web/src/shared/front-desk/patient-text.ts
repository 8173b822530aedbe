import type { PracticePatientView } from '@medbook/contracts';
import { DateTime } from 'luxon';

export const patientName = (p: Pick<PracticePatientView, 'first_name' | 'last_name'>): string =>
  `${p.first_name} ${p.last_name}`;

/** The product writes dates M/d/yyyy. */
export const birthDateText = (birthDate: string): string =>
  DateTime.fromISO(birthDate).toFormat('M/d/yyyy');

/** The line under a patient's name: birth date and phone (a family member's is their holder's). */
export const patientDetails = (p: PracticePatientView): string =>
  [
    p.birth_date ? `Born ${birthDateText(p.birth_date)}` : 'Birth date not on file',
    p.mobile_number ?? 'No phone on file',
  ].join(' · ');

/** What the search box held, as a new patient's names: "ada lovelace" → Ada / Lovelace. */
export function namesFromSearch(q: string): { first_name: string; last_name: string } {
  const words = q
    .trim()
    .split(/\s+/)
    .filter((w) => /^[\p{L}'’-]+$/u.test(w))
    .map((w) => w.charAt(0).toLocaleUpperCase() + w.slice(1));
  if (words.length < 2) return { first_name: words[0] ?? '', last_name: '' };
  return { first_name: words[0]!, last_name: words.slice(1).join(' ') };
}
