import type { WaitlistItemView, WaitlistOfferView, WaitlistType } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';
import { offerView } from './projections/waitlist.projection';

/** Reads of the waitlist read models. */
@Injectable()
export class WaitlistRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Items of these patients (or of one calendar), each with its place in line and open offer. */
  async items(filter: {
    patientIds?: readonly string[];
    calendarId?: string;
    practiceId?: string;
  }): Promise<WaitlistItemView[]> {
    if (filter.patientIds?.length === 0) return [];
    let query = this.database.db
      .selectFrom('rm_waitlist as w')
      .leftJoin('rm_calendars as c', 'c.calendar_id', 'w.calendar_id')
      .leftJoin('rm_practices as p', 'p.practice_id', 'w.practice_id')
      .leftJoin('rm_users as u', 'u.user_id', 'w.patient_id')
      .leftJoin('rm_family_members as m', 'm.member_id', 'w.patient_id')
      .leftJoin('rm_users as holder', 'holder.user_id', 'w.joined_by')
      .select([
        'w.calendar_id',
        'w.patient_id',
        'w.provider_id',
        'w.resource_id',
        'w.practice_id',
        'w.type',
        'w.seq',
        'w.joined_at',
        'c.name as calendar_name',
        sql<string | null>`c.settings->>'time_zone'`.as('time_zone'),
        'p.name as practice_name',
        sql<string | null>`coalesce(u.first_name || ' ' || u.last_name,
          m.first_name || ' ' || m.last_name)`.as('patient_name'),
        sql<string | null>`coalesce(u.birth_date, m.birth_date)`.as('patient_birth_date'),
        sql<string | null>`coalesce(u.mobile_number, holder.mobile_number)`.as('patient_phone'),
        sql<string>`(SELECT count(*) FROM rm_waitlist l
          WHERE l.calendar_id = w.calendar_id AND l.seq <= w.seq)`.as('line_position'),
      ]);
    if (filter.patientIds) query = query.where('w.patient_id', 'in', [...filter.patientIds]);
    if (filter.calendarId) query = query.where('w.calendar_id', '=', filter.calendarId);
    if (filter.practiceId) query = query.where('w.practice_id', '=', filter.practiceId);
    const rows = await query.orderBy('w.calendar_id').orderBy('w.seq').limit(500).execute();
    const offers = await this.openOffers(rows.map((r) => [r.calendar_id, r.patient_id] as const));
    return rows.map((r) => ({
      calendar_id: r.calendar_id,
      patient_id: r.patient_id,
      provider_id: r.provider_id,
      resource_id: r.resource_id,
      practice_id: r.practice_id,
      type: r.type as WaitlistType,
      position: Number(r.line_position),
      joined_at: new Date(r.joined_at).toISOString(),
      calendar_name: r.calendar_name,
      time_zone: r.time_zone,
      practice_name: r.practice_name,
      offer: offers.get(`${r.calendar_id}|${r.patient_id}`) ?? null,
      patient_name: r.patient_name,
      patient_birth_date: r.patient_birth_date,
      patient_phone: r.patient_phone,
    }));
  }

  /** Whom to tell about a change of a patient's place: the account that put them on the list. */
  async contactOf(calendarId: string, patientId: string) {
    return this.database.db
      .selectFrom('rm_waitlist as w')
      .leftJoin('rm_users as holder', 'holder.user_id', 'w.joined_by')
      .leftJoin('rm_users as u', 'u.user_id', 'w.patient_id')
      .leftJoin('rm_family_members as m', 'm.member_id', 'w.patient_id')
      .leftJoin('rm_calendars as c', 'c.calendar_id', 'w.calendar_id')
      .leftJoin('rm_practices as p', 'p.practice_id', 'w.practice_id')
      .select([
        'holder.email',
        sql<string | null>`coalesce(u.first_name || ' ' || u.last_name,
          m.first_name || ' ' || m.last_name)`.as('patient_name'),
        'c.name as calendar_name',
        'p.name as practice_name',
      ])
      .where('w.calendar_id', '=', calendarId)
      .where('w.patient_id', '=', patientId)
      .executeTakeFirst();
  }

  async offer(offerId: string): Promise<WaitlistOfferView | null> {
    const row = await this.database.db
      .selectFrom('rm_waitlist_offers')
      .selectAll()
      .where('offer_id', '=', offerId)
      .executeTakeFirst();
    return row ? offerView(row) : null;
  }

  dueOffers(now: Date, limit = 100) {
    return this.database.db
      .selectFrom('rm_waitlist_offers')
      .select(['offer_id', 'calendar_id'])
      .where('status', '=', 'Offered')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  private async openOffers(
    pairs: readonly (readonly [string, string])[],
  ): Promise<Map<string, WaitlistOfferView>> {
    if (pairs.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('rm_waitlist_offers')
      .selectAll()
      .where('status', '=', 'Offered')
      .where('patient_id', 'in', [...new Set(pairs.map(([, patient]) => patient))])
      .where('calendar_id', 'in', [...new Set(pairs.map(([calendar]) => calendar))])
      .execute();
    return new Map(rows.map((row) => [`${row.calendar_id}|${row.patient_id}`, offerView(row)]));
  }
}
