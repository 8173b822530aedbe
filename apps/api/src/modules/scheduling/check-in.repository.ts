import type { AppointmentStatus } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';

/** Statuses a patient arriving at the door may still check in from, or already has. */
const ARRIVING: readonly AppointmentStatus[] = ['Accepted', 'Scheduled', 'Confirmed', 'Checked-In'];

export interface KioskRow {
  readonly appointment_id: string;
  readonly start_date: Date;
  readonly time_zone: string;
  readonly status: AppointmentStatus;
  readonly first_name: string | null;
  readonly last_name: string | null;
  readonly provider_name: string | null;
}

/** Who the patient is by either key: the appointment's code, or name and birth date. */
export type KioskKey =
  { readonly code: string } | { readonly lastName: string; readonly birthDate: string };

/** At most this many visits answer one lookup (a family arriving together fits). */
const MAX_MATCHES = 10;

/** Names for the check-in pass, and the kiosk's lookup of a practice's arriving patients. */
@Injectable()
export class CheckInRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The patient's (an account or a family member) and the provider's names as lists show them. */
  async names(
    patientId: string,
    providerId: string | null,
  ): Promise<{ patient_name: string | null; provider_name: string | null }> {
    const { rows } = await sql<{ patient_name: string | null; provider_name: string | null }>`
      SELECT coalesce(patient.first_name || ' ' || patient.last_name,
                      member.first_name || ' ' || member.last_name) AS patient_name,
             provider.first_name || ' ' || provider.last_name AS provider_name
        FROM (SELECT ${patientId}::uuid AS patient_id, ${providerId}::uuid AS provider_id) a
        LEFT JOIN rm_users patient ON patient.user_id = a.patient_id
        LEFT JOIN rm_family_members member ON member.member_id = a.patient_id
        LEFT JOIN rm_users provider ON provider.user_id = a.provider_id`.execute(this.database.db);
    return rows[0] ?? { patient_name: null, provider_name: null };
  }

  /**
   * The practice's visits starting between two instants (the caller narrows them to the local
   * day) that match the key, soonest first.
   */
  async arriving(
    practiceId: string,
    from: Date,
    to: Date,
    key: KioskKey,
  ): Promise<readonly KioskRow[]> {
    const match =
      'code' in key
        ? // appointmentCode's rule: the last 8 hex digits of a time-ordered id, else the first 8.
          sql`(CASE WHEN substr(a.appointment_id::text, 15, 1) IN ('7', '8')
                    THEN right(a.appointment_id::text, 8)
                    ELSE left(a.appointment_id::text, 8) END) = ${key.code.toLowerCase()}`
        : sql`lower(coalesce(patient.last_name, member.last_name)) = ${key.lastName.toLowerCase()}
              AND coalesce(patient.birth_date, member.birth_date) = ${key.birthDate}`;
    const { rows } = await sql<KioskRow>`
      SELECT a.appointment_id, a.start_date, a.time_zone, a.status,
             coalesce(patient.first_name, member.first_name) AS first_name,
             coalesce(patient.last_name, member.last_name) AS last_name,
             coalesce(provider.first_name || ' ' || provider.last_name, calendar.name)
               AS provider_name
        FROM rm_appointments a
        LEFT JOIN rm_users patient ON patient.user_id = a.patient_id
        LEFT JOIN rm_family_members member ON member.member_id = a.patient_id
        LEFT JOIN rm_users provider ON provider.user_id = a.provider_id
        LEFT JOIN rm_calendars calendar ON calendar.calendar_id = a.calendar_id
       WHERE a.practice_id = ${practiceId}
         AND a.start_date >= ${from} AND a.start_date < ${to}
         AND a.status = ANY(${[...ARRIVING]}::text[])
         AND ${match}
       ORDER BY a.start_date, a.appointment_id
       LIMIT ${MAX_MATCHES}`.execute(this.database.db);
    return rows;
  }
}
