import { CALLED_OFF_STATUSES, slotId } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import type { SearchCriteria } from './provider-search.criteria';
import type { ProviderCard } from './projections/provider-search.rows';

export interface ProviderHit {
  readonly provider_id: string;
  readonly practice_id: string;
  readonly practice_name: string | null;
  readonly facility_ids: string[];
  readonly card: ProviderCard;
  readonly miles: number | null;
}

export interface FacilityRow {
  readonly facility_id: string;
  readonly practice_id: string;
  readonly name: string;
  readonly details: Record<string, unknown>;
  readonly latitude: number | null;
  readonly longitude: number | null;
}

export interface CalendarVersion {
  readonly settings: CalendarSettings;
  /** The position of the calendar's last settings change. */
  readonly position: number;
}

export interface CalendarPlaces {
  readonly places: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly positions: ReadonlyMap<string, number>;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Haversine miles from a point to a row's latitude/longitude columns. */
function milesFrom(origin: { latitude: number; longitude: number }): RawBuilder<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(latitude - ${origin.latitude}::float8) / 2), 2) +
    cos(radians(${origin.latitude}::float8)) * cos(radians(latitude)) *
    power(sin(radians(longitude - ${origin.longitude}::float8) / 2), 2)))))`;
}

/** A calendar of the provider open at `now` (local weekday, hour and date range). */
function openNow(now: Date): RawBuilder<boolean> {
  // The local time is computed once per calendar row, not once per condition.
  return sql<boolean>`EXISTS (SELECT 1 FROM rm_search_calendars c
    CROSS JOIN LATERAL (SELECT ${now.toISOString()}::timestamptz AT TIME ZONE c.time_zone AS at) l
    WHERE c.provider_id = p.provider_id AND c.visit_type = 'Telehealth'
      AND NOT c.online_booking_disabled
      AND extract(isodow FROM l.at)::int = ANY (c.working_days)
      AND extract(hour FROM l.at) >= c.first_hour AND extract(hour FROM l.at) < c.last_hour
      AND l.at::date >= c.date_from AND (c.date_to IS NULL OR l.at::date <= c.date_to))`;
}

/** Only bookable calendars count; a date needs one working that weekday within its dates. */
function hasCalendar(date: string | null, visitType: string | null): RawBuilder<boolean> {
  const day = date
    ? sql`AND extract(isodow FROM ${date}::date)::int = ANY (c.working_days)
          AND ${date}::date >= c.date_from AND (c.date_to IS NULL OR ${date}::date <= c.date_to)`
    : sql``;
  const type = visitType ? sql`AND c.visit_type = ${visitType}` : sql``;
  return sql<boolean>`EXISTS (SELECT 1 FROM rm_search_calendars c
    WHERE c.provider_id = p.provider_id AND NOT c.online_booking_disabled ${day} ${type})`;
}

/** The escape for LIKE patterns of typed words. */
const likeWord = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class ProviderSearchRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** A page of providers matching the criteria, and how many match in all. */
  async search(
    criteria: SearchCriteria,
    now: Date,
  ): Promise<{ rows: ProviderHit[]; total: number }> {
    const where: RawBuilder<unknown>[] = [sql`true`];
    if (criteria.specialty)
      where.push(sql`p.specialties_key @> ARRAY[${criteria.specialty}]::text[]`);
    if (criteria.condition)
      where.push(sql`p.conditions_key @> ARRAY[${criteria.condition}]::text[]`);
    if (criteria.insurances.length > 0) {
      where.push(sql`p.insurances_key && ${sql.val(criteria.insurances)}::text[]`);
    }
    if (criteria.genderCode) where.push(sql`p.gender_code = ${criteria.genderCode}`);
    if (criteria.practiceId) where.push(sql`p.practice_id = ${criteria.practiceId}::uuid`);
    for (const word of criteria.words) where.push(sql`p.search_text LIKE ${likeWord(word)}`);
    if (criteria.date || criteria.visitType) {
      where.push(hasCalendar(criteria.date, criteria.visitType));
    }
    if (criteria.onlineNow) where.push(openNow(now));

    const origin = criteria.origin;
    let near = sql``;
    let join = sql``;
    let miles = sql`NULL::float8`;
    if (origin) {
      const box = criteria.maxMiles !== null ? boundingBox(origin, criteria.maxMiles) : sql``;
      near = sql`WITH near AS (
        SELECT provider_id, min(${milesFrom(origin)}) AS miles
        FROM rm_search_provider_facilities
        WHERE latitude IS NOT NULL ${box}
        GROUP BY provider_id)`;
      join =
        criteria.maxMiles !== null
          ? sql`JOIN near ON near.provider_id = p.provider_id AND near.miles <= ${criteria.maxMiles}`
          : sql`LEFT JOIN near ON near.provider_id = p.provider_id`;
      miles = sql`near.miles`;
    }
    const order =
      criteria.sort === 'distance'
        ? sql`${miles} ASC NULLS LAST, p.last_name, p.first_name, p.provider_id`
        : sql`p.last_name, p.first_name, p.provider_id`;
    const offset = (criteria.pageNo - 1) * criteria.pageSize;
    const filter = sql.join(where, sql` AND `);
    // Two statements, not count(*) OVER (): the page can then stop at its last row (a top-N
    // sort or an index walk) instead of sorting every match.
    const [page, count] = await Promise.all([
      sql<ProviderHit>`${near}
        SELECT p.provider_id, p.practice_id, pr.name AS practice_name, p.facility_ids, p.card,
               ${miles} AS miles
        FROM rm_search_providers p
        ${join}
        LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
        WHERE ${filter}
        ORDER BY ${order}
        LIMIT ${criteria.pageSize} OFFSET ${offset}`.execute(this.database.db),
      sql<{ total: string }>`${near}
        SELECT count(*) AS total FROM rm_search_providers p ${join}
        WHERE ${filter}`.execute(this.database.db),
    ]);
    return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
  }

  /** Providers of these with whom the patient has an appointment neither canceled nor rejected. */
  async visitedProviders(patientId: string, providerIds: readonly string[]): Promise<Set<string>> {
    if (providerIds.length === 0) return new Set();
    const rows = await this.database.db
      .selectFrom('rm_appointments')
      .select('provider_id')
      .distinct()
      .where('patient_id', '=', patientId)
      .where('provider_id', 'in', [...providerIds])
      .where('status', 'not in', [...CALLED_OFF_STATUSES])
      .execute();
    return new Set(rows.map((row) => row.provider_id).filter((id): id is string => id !== null));
  }

  async facilities(ids: readonly string[]): Promise<FacilityRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.database.db
      .selectFrom('rm_search_facilities')
      .select(['facility_id', 'practice_id', 'name', 'details', 'latitude', 'longitude'])
      .where('facility_id', 'in', [...ids])
      .execute();
    return rows as FacilityRow[];
  }

  /** Scheduling's calendars of these providers (its read model), for next availability. */
  async calendars(providerIds: readonly string[]): Promise<CalendarVersion[]> {
    if (providerIds.length === 0) return [];
    const rows = await this.database.db
      .selectFrom('rm_calendars')
      .select(['settings', 'position'])
      .where('provider_id', 'in', [...providerIds])
      .execute();
    return rows.map((row) => ({
      settings: row.settings as CalendarSettings,
      position: Number(row.position),
    }));
  }

  /**
   * Free places of touched slots from `from` on, per calendar (untouched slots are full), and the
   * last position that changed any of them.
   */
  async freePlaces(calendarIds: readonly string[], from: Date, to: Date): Promise<CalendarPlaces> {
    const places = new Map<string, Map<string, number>>();
    const positions = new Map<string, number>();
    if (calendarIds.length === 0) return { places, positions };
    const rows = await this.database.db
      .selectFrom('rm_slot_capacity')
      .select(['calendar_id', 'start_at', 'capacity', 'holds', 'bookings', 'position'])
      .where('calendar_id', 'in', [...calendarIds])
      .where('start_at', '>=', from)
      .where('start_at', '<', to)
      .execute();
    for (const r of rows) {
      const free = places.get(r.calendar_id) ?? new Map<string, number>();
      free.set(slotId(r.start_at), Math.max(0, r.capacity - r.holds - r.bookings));
      places.set(r.calendar_id, free);
      positions.set(r.calendar_id, Math.max(positions.get(r.calendar_id) ?? 0, Number(r.position)));
    }
    return { places, positions };
  }

  /** Patients' average rating per provider (one decimal), for the cards that have reviews. */
  async ratings(
    providerIds: readonly string[],
  ): Promise<Map<string, { average: number; count: number }>> {
    if (providerIds.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('rm_provider_ratings')
      .select(['provider_id', 'review_count', 'rating_sum'])
      .where('provider_id', 'in', providerIds)
      .execute();
    return new Map(
      rows.map((row) => [
        row.provider_id,
        {
          average: Math.round((row.rating_sum / row.review_count) * 10) / 10,
          count: row.review_count,
        },
      ]),
    );
  }

  /** Providers with a telehealth calendar open now: how many, and the best ranked few. */
  async onlineNow(now: Date, limit: number): Promise<{ total: number; rows: ProviderHit[] }> {
    const { rows } = await sql<ProviderHit & { total: string }>`
      SELECT p.provider_id, p.practice_id, NULL AS practice_name, p.facility_ids, p.card,
             NULL::float8 AS miles, count(*) OVER () AS total
      FROM rm_search_providers p
      WHERE ${openNow(now)}
      ORDER BY p.profile_ranking DESC, p.last_name, p.first_name, p.provider_id
      LIMIT ${limit}`.execute(this.database.db);
    return { total: Number(rows[0]?.total ?? 0), rows };
  }
}

/** A latitude/longitude box around the origin that holds every point within `miles`. */
function boundingBox(
  origin: { latitude: number; longitude: number },
  miles: number,
): RawBuilder<unknown> {
  const dLat = miles / 69;
  const cosLat = Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180));
  const dLon = Math.min(180, miles / (69.172 * cosLat));
  return sql`AND latitude BETWEEN ${origin.latitude - dLat} AND ${origin.latitude + dLat}
    AND longitude BETWEEN ${origin.longitude - dLon} AND ${origin.longitude + dLon}`;
}
