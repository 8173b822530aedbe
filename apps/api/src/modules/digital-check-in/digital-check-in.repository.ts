import type { ConsentDocumentView } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';

export interface CheckInFileRow {
  readonly file_id: string;
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly patient_id: string;
  readonly kind: string;
  readonly content_type: string;
  readonly size: number;
  readonly sha256: string;
  readonly bytes: Uint8Array;
  readonly uploaded_by: string;
  readonly uploaded_at: Date;
}

export interface SummaryRow {
  readonly appointment_id: string;
  readonly patient_id: string;
  readonly patient_name: string;
  readonly provider_id: string | null;
  readonly provider_name: string | null;
  readonly start_date: Date;
  readonly time_zone: string;
  readonly status: string;
  readonly signed_consents: unknown;
  readonly copay_paid: boolean | null;
  readonly insurance_card: boolean | null;
  readonly forms_done: boolean | null;
  readonly arrived: boolean | null;
  readonly awaiting_entry: boolean | null;
  readonly ready: boolean | null;
  readonly information_steps: string[] | null;
  /** The provider's settings (null: the defaults). */
  readonly settings: unknown;
}

/** Statuses a visit of the day is still expected (or has come) in. */
const OF_THE_DAY = [
  'Pending',
  'Accepted',
  'Scheduled',
  'Confirmed',
  'Checked-In',
  'Waiting-Room',
  'In Progress',
  'Checked-Out',
];

/** Visits still to come, or under way: the dashboard offers their check-in. */
const UPCOMING = ['Accepted', 'Scheduled', 'Confirmed', 'Checked-In', 'Waiting-Room'];

/** Digital check-in's read models and its files table. */
@Injectable()
export class DigitalCheckInRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async consents(practiceId: string): Promise<ConsentDocumentView[]> {
    const rows = await this.database.db
      .selectFrom('rm_dci_consents')
      .selectAll()
      .where('practice_id', '=', practiceId)
      .orderBy('title')
      .orderBy('consent_id')
      .execute();
    return rows.map((row) => ({
      consent_id: row.consent_id,
      practice_id: row.practice_id,
      title: row.title,
      text: row.body,
      version: row.version,
      required: row.required,
      updated_at: new Date(row.updated_at).toISOString(),
    }));
  }

  requiredConsents(practiceId: string): Promise<{ consent_id: string; version: number }[]> {
    return this.database.db
      .selectFrom('rm_dci_consents')
      .select(['consent_id', 'version'])
      .where('practice_id', '=', practiceId)
      .where('required', '=', true)
      .execute();
  }

  async saveFile(row: CheckInFileRow): Promise<void> {
    await this.database.db
      .insertInto('check_in_files')
      .values(row)
      .onConflict((oc) => oc.column('file_id').doNothing())
      .execute();
  }

  file(fileId: string): Promise<CheckInFileRow | undefined> {
    return this.database.db
      .selectFrom('check_in_files')
      .selectAll()
      .where('file_id', '=', fileId)
      .executeTakeFirst();
  }

  async practiceZone(practiceId: string): Promise<string | null> {
    const row = await this.database.db
      .selectFrom('rm_practices')
      .select('time_zone')
      .where('practice_id', '=', practiceId)
      .executeTakeFirst();
    return row?.time_zone ?? null;
  }

  /** The practice's visits starting in [from, to), a provider's own when one is given. */
  summary(
    practiceId: string,
    from: Date,
    to: Date,
    providerId: string | null,
  ): Promise<SummaryRow[]> {
    let query = this.database.db
      .selectFrom('rm_appointments as a')
      .leftJoin('rm_dci_appointments as d', 'd.appointment_id', 'a.appointment_id')
      .leftJoin('rm_users as p', 'p.user_id', 'a.patient_id')
      .leftJoin('rm_family_members as f', 'f.member_id', 'a.patient_id')
      .leftJoin('rm_users as v', 'v.user_id', 'a.provider_id')
      .leftJoin('rm_dci_settings as s', 's.provider_id', 'a.provider_id')
      .select([
        'a.appointment_id',
        'a.patient_id',
        'a.provider_id',
        'a.start_date',
        'a.time_zone',
        'a.status',
        'd.signed_consents',
        'd.copay_paid',
        'd.insurance_card',
        'd.forms_done',
        'd.arrived',
        'd.awaiting_entry',
        'd.ready',
        'd.information_steps',
        's.settings',
        sql<string>`coalesce(p.first_name || ' ' || p.last_name, f.first_name || ' ' || f.last_name, '')`.as(
          'patient_name',
        ),
        sql<string | null>`v.first_name || ' ' || v.last_name`.as('provider_name'),
      ])
      .where('a.practice_id', '=', practiceId)
      .where('a.start_date', '>=', from)
      .where('a.start_date', '<', to)
      .where('a.status', 'in', OF_THE_DAY);
    if (providerId) query = query.where('a.provider_id', '=', providerId);
    return query.orderBy('a.start_date').orderBy('a.appointment_id').execute();
  }

  /**
   * The visits of these patients not yet over (Accepted, Scheduled, Confirmed or checked in)
   * whose provider has digital check-in on.
   */
  async upcomingWithCheckIn(
    patientIds: readonly string[],
    now: Date,
  ): Promise<{ appointment_ids: string[]; position: number }> {
    const rows = await this.database.db
      .selectFrom('rm_appointments as a')
      .innerJoin('rm_dci_settings as s', 's.provider_id', 'a.provider_id')
      .select('a.appointment_id')
      .where('a.patient_id', 'in', [...patientIds])
      .where('a.status', 'in', UPCOMING)
      .where('a.end_date', '>', now)
      .where(sql<boolean>`(s.settings ->> 'digital_check_in_enabled')::boolean`)
      .orderBy('a.start_date')
      .orderBy('a.appointment_id')
      .execute();
    return {
      appointment_ids: rows.map((row) => row.appointment_id),
      position: 0,
    };
  }
}
