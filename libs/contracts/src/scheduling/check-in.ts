import { IsOptional, IsString, Length, Matches } from 'class-validator';
import type { AppointmentStatus } from '../appointment-status';
import { IsCalendarDate } from '../calendar-date';
import { ConsistentReadQuery } from '../read-your-writes';
import { invalid, length } from '../validation-options';

/**
 * The code on a patient's confirmation and check-in pass: 8 hex digits of the appointment id,
 * upper case. Time-ordered ids (UUID version 7, or 8 when derived from a time-ordered command id)
 * begin with their time, so their code is their last 8 digits, which are random (or hashed);
 * older ids (version 4 or 5) keep the code they were given, their first 8. Two visits of one
 * practice's day share a code about once in 7 million days of 600 visits; a lookup by code
 * answers every visit of the day that has it (the same rule in SQL: CheckInRepository.arriving).
 */
export const appointmentCode = (appointmentId: string): string => {
  const hex = appointmentId.replaceAll('-', '');
  return (
    TIME_ORDERED_VERSIONS.includes(hex[12] ?? '') ? hex.slice(-8) : hex.slice(0, 8)
  ).toUpperCase();
};

const TIME_ORDERED_VERSIONS = ['7', '8'];

export const APPOINTMENT_CODE_PATTERN = /^[0-9A-Fa-f]{8}$/;

/** GET appointments/{id}/check-in-pass: what the patient shows, and when they may check in. */
export interface CheckInPassView {
  readonly appointment_id: string;
  /** See appointmentCode. */
  readonly code: string;
  readonly status: AppointmentStatus;
  readonly start_date: string;
  readonly end_date: string;
  readonly time_zone: string;
  readonly visit_type: string;
  readonly reason: string | null;
  readonly patient_name: string | null;
  /** The provider's name; for a resource's visit, the calendar's name. */
  readonly provider_name: string | null;
  /** The calendar's check-in window around the start. */
  readonly check_in_opens_at: string;
  readonly check_in_closes_at: string;
  /** The calendar (or the visit's reason) lets patients check in from their own device. */
  readonly patient_check_in: boolean;
}

/**
 * GET practices/{id}/kiosk/appointments: an arriving patient's last name and birth date, or the
 * code from their confirmation (see appointmentCode).
 */
export class KioskLookupQuery extends ConsistentReadQuery {
  @IsOptional()
  @IsString(invalid)
  @Length(1, 100, length)
  last_name?: string;

  /** YYYY-MM-DD. */
  @IsOptional()
  @IsCalendarDate(invalid, { past: true })
  birth_date?: string;

  @IsOptional()
  @IsString(invalid)
  @Matches(APPOINTMENT_CODE_PATTERN, invalid)
  code?: string;
}

/** A visit as the kiosk shows it to whoever stands at the door: no more than a greeting needs. */
export interface KioskAppointmentView {
  readonly appointment_id: string;
  readonly first_name: string;
  /** The last name's initial only. */
  readonly last_initial: string;
  readonly start_date: string;
  readonly time_zone: string;
  readonly provider_name: string | null;
  readonly checked_in: boolean;
}

export interface KioskLookupResult {
  readonly appointments: readonly KioskAppointmentView[];
}

/** Ours: the spec has no kiosk. Its check-in refusal is the spec's checkInUnavailable. */
export const KIOSK_MESSAGES = {
  lookup: 'Enter your last name and date of birth, or the code from your confirmation.',
  notFound:
    'We could not find an appointment for today with these details. Please ask at the front desk.',
  tooMany: 'Too many searches from this kiosk. Please wait a minute and try again.',
} as const;
