import type { PracticePatientView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import { DATABASE, type Database } from '../../../infra/database/database';
import { arrayOf } from '../../../infra/projections/array-literals';
import {
  FULL_PHONE_DIGITS,
  namesOnePerson,
  type PatientSearchCriteria,
} from './patient-search.criteria';

/** The most a search answers: the desk types more rather than scrolls. */
export const SEARCH_LIMIT = 20;

const likeStart = (text: string) => `${text.replace(/[\\%_]/g, '\\$&').toLowerCase()}%`;

interface Row {
  patient_id: string;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  mobile_number: string | null;
  email: string | null;
  account_holder: string | null;
  known_to_practice: boolean;
}

/**
 * Patients (accounts and family members) as the desk finds them: the practice's own (booked
 * with it, walk-ins included, or registered by its desk) by any part of what they typed, others
 * only by what names one person.
 */
@Injectable()
export class PracticePatientsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async search(
    practiceId: string,
    registered: readonly string[],
    criteria: PatientSearchCriteria,
  ): Promise<PracticePatientView[]> {
    if (criteria.impossible) return [];
    const digits = sql`regexp_replace(coalesce(p.mobile_number, ''), '\\D', '', 'g')`;
    const match: RawBuilder<unknown>[] = [sql`TRUE`];
    if (criteria.birthDate) match.push(sql`p.birth_date = ${criteria.birthDate}`);
    if (criteria.phoneDigits) match.push(sql`${digits} LIKE ${`%${criteria.phoneDigits}%`}`);
    if (criteria.email) match.push(sql`lower(p.email) = ${criteria.email}`);
    for (const name of criteria.names) {
      const start = likeStart(name);
      match.push(sql`(lower(p.first_name) LIKE ${start} OR lower(p.last_name) LIKE ${start})`);
    }
    const exact: RawBuilder<unknown>[] = [];
    if (namesOnePerson(criteria)) {
      const phone = criteria.phoneDigits ?? '';
      if (phone.length >= FULL_PHONE_DIGITS) {
        // A number typed with or without the country code names the same person.
        exact.push(sql`(${digits} = ${phone} OR ${digits} = ${phone.replace(/^1/, '')}
                        OR '1' || ${digits} = ${phone})`);
      }
      if (criteria.email) exact.push(sql`lower(p.email) = ${criteria.email}`);
      if (criteria.birthDate && criteria.names.length >= 2) {
        const names = arrayOf(criteria.names, (n) => n.toLowerCase());
        exact.push(sql`(lower(p.first_name) = ANY(${names}::text[])
                        AND lower(p.last_name) = ANY(${names}::text[]))`);
      }
    }
    const { rows } = await sql<Row>`
      SELECT p.patient_id, p.first_name, p.last_name, p.birth_date, p.mobile_number, p.email,
             p.account_holder, k.known AS known_to_practice
        FROM (
          SELECT u.user_id AS patient_id, u.first_name, u.last_name, u.birth_date,
                 u.mobile_number, nullif(u.email, '') AS email, NULL::text AS account_holder
            FROM rm_users u
           WHERE u.type = 'Patient' AND NOT u.disabled
          UNION ALL
          SELECT m.member_id, m.first_name, m.last_name, m.birth_date, holder.mobile_number,
                 NULL, holder.first_name || ' ' || holder.last_name
            FROM rm_family_members m
            JOIN rm_users holder ON holder.user_id = m.patient_id AND NOT holder.disabled
        ) p
        CROSS JOIN LATERAL (
          SELECT p.patient_id = ANY(${arrayOf(registered, (id) => id)}::text::uuid[])
                 OR EXISTS (SELECT 1 FROM rm_appointments a
                             WHERE a.patient_id = p.patient_id AND a.practice_id = ${practiceId})
                 AS known
        ) k
       WHERE ${sql.join(match, sql` AND `)}
         AND (k.known ${exact.length ? sql`OR ${sql.join(exact, sql` OR `)}` : sql``})
       ORDER BY k.known DESC, lower(p.last_name), lower(p.first_name), p.birth_date
       LIMIT ${SEARCH_LIMIT}`.execute(this.database.db);
    return rows.map((row) => ({ ...row, patient_id: String(row.patient_id) }));
  }
}
