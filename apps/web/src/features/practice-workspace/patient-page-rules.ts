import type { AppointmentView, PatientDetailsView, UserType } from '@medbook/contracts';
import { DateTime } from 'luxon';

/**
 * Whole years from a birth date (YYYY-MM-DD) to `today`'s date: the age a chart header shows.
 * Null for a missing, invalid or future date.
 */
export function ageOn(birthDate: string | null, today: DateTime): number | null {
  if (!birthDate) return null;
  const born = DateTime.fromISO(birthDate, { zone: today.zone });
  if (!born.isValid) return null;
  const day = today.startOf('day');
  if (born > day) return null;
  // A year more on each birthday; one born on February 29 turns a year older on March 1.
  const before = day.month < born.month || (day.month === born.month && day.day < born.day);
  return day.year - born.year - (before ? 1 : 0);
}

export interface GroupedVisits {
  /** Still to come or under way, the next first. */
  readonly upcoming: readonly AppointmentView[];
  /** Over, the latest first. */
  readonly past: readonly AppointmentView[];
}

/** A visit is upcoming until it ends; past visits read newest first, upcoming ones soonest first. */
export function groupVisits(visits: readonly AppointmentView[], now: DateTime): GroupedVisits {
  const nowMs = now.toMillis();
  const ends = (a: AppointmentView) => DateTime.fromISO(a.end_date).toMillis();
  const starts = (a: AppointmentView) => DateTime.fromISO(a.start_date).toMillis();
  const upcoming = visits.filter((a) => ends(a) > nowMs).sort((a, b) => starts(a) - starts(b));
  const past = visits.filter((a) => ends(a) <= nowMs).sort((a, b) => starts(b) - starts(a));
  return { upcoming, past };
}

/** The patient's visits among a page of the practice's (the list may hold everyone's). */
export const visitsOf = (
  patientId: string,
  appointments: readonly AppointmentView[],
): AppointmentView[] => appointments.filter((a) => a.patient_id === patientId);

/** Who reads the audit trail: the practice's admins (as the workspace's navigation has it). */
export const mayReadAudit = (type: UserType): boolean => type === 'PracticeAdmin';

export const fullName = (
  p: Pick<PatientDetailsView, 'first_name' | 'middle_name' | 'last_name'>,
): string => [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ');

/** Spec 9's phone format, (NNN) NNN-NNNN, for a ten-digit number; anything else as it is. */
export const phoneText = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : phone;
};
