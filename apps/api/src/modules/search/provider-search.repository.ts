import { CALLED_OFF_STATUSES, slotId } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import { SEARCH_TERMS, type SearchCriteria, TREATED_BY, wordsOf } from './provider-search.criteria';
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

/** The provider's full name as the trigram index (migration 0031) holds it. */
const FULL_NAME = sql`lower(p.first_name || ' ' || p.last_name)`;

/**
 * Free text's vocabulary matches: a term counts from this word similarity on (pg_trgm), and only
 * when within `TERM_SPREAD` of the best term, so 'dermatolgist' is Dermatologist and not
 * everything with an 'o' in it. At most `TERMS_KEPT` terms.
 */
const TERM_MIN_SIMILARITY = 0.5;
const TERM_SPREAD = 0.25;
const TERMS_KEPT = 8;
const TERMS_REMEMBERED = 500;

/** A specialty or condition that typed text matched, with how closely (1: exactly). */
export interface MatchedTerm {
  readonly kind: 'specialty' | 'condition';
  readonly name: string;
  readonly weight: number;
}

/**
 * The next opening of a provider's bookable calendar hours (of the visit type, when one was
 * asked): per calendar, from today in its zone (or its first date), the nearest working weekday,
 * at its first hour (or now, when today's hours have begun), unless past the calendar's last date;
 * and how many days ahead of the calendar's today that is.
 */
function nextOpenings(now: Date, visitType: string | null): RawBuilder<unknown> {
  const type = visitType ? sql`AND c.visit_type = ${visitType}` : sql``;
  const at = sql`${now.toISOString()}::timestamptz`;
  // A lateral subquery: computed for the providers the other filters kept, not every calendar.
  return sql`(
    SELECT min(o.open_at) AS open_at, min(o.day - o.today) AS days_away FROM (
      SELECT l.today, d.day,
             CASE WHEN d.day = l.today AND l.hour >= c.first_hour THEN ${at}
                  ELSE (d.day + make_interval(hours => c.first_hour)) AT TIME ZONE c.time_zone
             END AS open_at
      FROM rm_search_calendars c
      CROSS JOIN LATERAL (SELECT ${at} AT TIME ZONE c.time_zone AS local) z
      CROSS JOIN LATERAL (SELECT z.local::date AS today, extract(hour FROM z.local)::int AS hour) l
      CROSS JOIN LATERAL (SELECT greatest(c.date_from, l.today) AS start) s
      CROSS JOIN LATERAL (
        SELECT s.start + min(((w - extract(isodow FROM s.start)::int + 7) % 7
                  + CASE WHEN w = extract(isodow FROM s.start)::int AND s.start = l.today
                              AND l.hour >= c.last_hour THEN 7 ELSE 0 END)) AS day
        FROM unnest(c.working_days) AS w) d
      WHERE c.provider_id = p.provider_id AND NOT c.online_booking_disabled ${type}
        AND d.day IS NOT NULL AND (c.date_to IS NULL OR d.day <= c.date_to)
    ) o) opens`;
}

@Injectable()
export class ProviderSearchRepository {
  /** Typed texts already matched against the vocabulary (it never changes while running). */
  private readonly terms = new Map<string, MatchedTerm[]>();

  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The specialties and conditions typed text names, closest first (pg_trgm word similarity). */
  async matchTerms(text: string): Promise<MatchedTerm[]> {
    const known = this.terms.get(text);
    if (known) return known;
    const { rows } = await sql<{ term: string; similarity: number }>`
      SELECT t.term, greatest(word_similarity(${text}, t.term), similarity(${text}, t.term))::float8
             AS similarity
      FROM unnest(${sql.val(SEARCH_TERMS.map((t) => t.term))}::text[]) AS t(term)
      ORDER BY 2 DESC, t.term
      LIMIT ${TERMS_KEPT * 2}`.execute(this.database.db);
    const best = rows[0]?.similarity ?? 0;
    const byTerm = new Map(SEARCH_TERMS.map((t) => [t.term, t]));
    const matched = new Map<string, MatchedTerm>();
    for (const row of rows) {
      if (row.similarity < TERM_MIN_SIMILARITY || row.similarity < best - TERM_SPREAD) break;
      const term = byTerm.get(row.term)!;
      const key = `${term.kind}|${term.name}`;
      const weight = Math.round(row.similarity * 10) / 10;
      if ((matched.get(key)?.weight ?? -1) < weight) matched.set(key, { ...term, weight });
    }
    const found = [...matched.values()].slice(0, TERMS_KEPT);
    if (this.terms.size >= TERMS_REMEMBERED) this.terms.clear();
    this.terms.set(text, found);
    return found;
  }

  /** A page of providers matching the criteria, and how many match in all. */
  async search(
    criteria: SearchCriteria,
    now: Date,
  ): Promise<{ rows: ProviderHit[]; total: number }> {
    const where: RawBuilder<unknown>[] = [sql`true`];
    /** Relevance parts: the row's relevance is the greatest (0 to 1, rounded to tenths). */
    const relevance: RawBuilder<unknown>[] = [];
    if (criteria.specialty) {
      where.push(sql`p.specialties_key @> ARRAY[${criteria.specialty}]::text[]`);
      relevance.push(specialtyRelevance(criteria.specialty, 1));
    }
    if (criteria.condition) {
      where.push(sql`p.conditions_key @> ARRAY[${criteria.condition}]::text[]`);
      relevance.push(conditionRelevance(criteria.condition, 1));
    }
    if (criteria.freeText) {
      const terms = await this.matchTerms(criteria.freeText);
      const text = criteria.freeText;
      const matches: RawBuilder<unknown>[] = [sql`${text} <% ${FULL_NAME}`];
      relevance.push(sql`CASE WHEN ${text} <% ${FULL_NAME}
        THEN word_similarity(${text}, ${FULL_NAME}) ELSE 0 END`);
      const specialties = terms.filter((t) => t.kind === 'specialty');
      const conditions = terms.filter((t) => t.kind === 'condition');
      if (specialties.length > 0) {
        matches.push(sql`p.specialties_key && ${sql.val(specialties.map((t) => t.name))}::text[]`);
        for (const t of specialties) relevance.push(specialtyRelevance(t.name, t.weight));
      }
      if (conditions.length > 0) {
        matches.push(sql`p.conditions_key && ${sql.val(conditions.map((t) => t.name))}::text[]`);
        for (const t of conditions) relevance.push(conditionRelevance(t.name, t.weight));
      }
      // Practice, facility and city names: every word in the search text.
      const words = wordsOf(text);
      if (words.length > 0) {
        const all = sql.join(
          words.map((w) => sql`p.search_text LIKE ${likeWord(w)}`),
          sql` AND `,
        );
        matches.push(sql`(${all})`);
        relevance.push(sql`CASE WHEN ${all} THEN 0.4 ELSE 0 END`);
      }
      where.push(sql`(${sql.join(matches, sql` OR `)})`);
    }
    if (criteria.insurances.length > 0 && criteria.insuranceNarrows) {
      where.push(sql`p.insurances_key && ${sql.val(criteria.insurances)}::text[]`);
    }
    if (criteria.language) {
      where.push(sql`p.languages_key @> ARRAY[${criteria.language}]::text[]`);
    }
    if (criteria.genderCode) where.push(sql`p.gender_code = ${criteria.genderCode}`);
    if (criteria.practiceId) where.push(sql`p.practice_id = ${criteria.practiceId}::uuid`);
    for (const word of criteria.words) where.push(sql`p.search_text LIKE ${likeWord(word)}`);
    if (criteria.date || criteria.visitType) {
      where.push(hasCalendar(criteria.date, criteria.visitType));
    }
    if (criteria.onlineNow) where.push(openNow(now));

    const ctes: RawBuilder<unknown>[] = [];
    const joins: RawBuilder<unknown>[] = [];
    const origin = criteria.origin;
    let miles = sql`NULL::float8`;
    if (origin) {
      const box = criteria.maxMiles !== null ? boundingBox(origin, criteria.maxMiles) : sql``;
      ctes.push(sql`near AS (
        SELECT provider_id, min(${milesFrom(origin)}) AS miles
        FROM rm_search_provider_facilities
        WHERE latitude IS NOT NULL ${box}
        GROUP BY provider_id)`);
      joins.push(
        criteria.maxMiles !== null
          ? sql`JOIN near ON near.provider_id = p.provider_id AND near.miles <= ${criteria.maxMiles}`
          : sql`LEFT JOIN near ON near.provider_id = p.provider_id`,
      );
      miles = sql`near.miles`;
    }
    let openAt = sql`NULL::timestamptz`;
    if (criteria.sort === 'availability' || criteria.withinDays !== null) {
      const opens = nextOpenings(now, criteria.visitType);
      // Within N days: the opening's day, in the calendar's zone, is at most N - 1 days ahead.
      joins.push(
        criteria.withinDays !== null
          ? sql`JOIN LATERAL ${opens} ON opens.days_away < ${criteria.withinDays}`
          : sql`LEFT JOIN LATERAL ${opens} ON true`,
      );
      openAt = sql`opens.open_at`;
    }
    const byName = sql`p.last_name, p.first_name, p.provider_id`;
    const sort =
      criteria.sort === 'distance'
        ? sql`${miles} ASC NULLS LAST, ${byName}`
        : criteria.sort === 'availability'
          ? sql`${openAt} ASC NULLS LAST, ${origin ? sql`${miles} ASC NULLS LAST, ` : sql``}${byName}`
          : byName;
    const score =
      relevance.length === 0
        ? null
        : relevance.length === 1
          ? relevance[0]!
          : sql`greatest(${sql.join(relevance, sql`, `)})`;
    const order = score ? sql`round((${score})::numeric, 1) DESC, ${sort}` : sort;
    const offset = (criteria.pageNo - 1) * criteria.pageSize;
    const filter = sql.join(where, sql` AND `);
    const withs = ctes.length > 0 ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``;
    const joined = sql.join(joins, sql` `);
    // Two statements, not count(*) OVER (): the page can then stop at its last row (a top-N
    // sort or an index walk) instead of sorting every match.
    const [page, count] = await Promise.all([
      sql<ProviderHit>`${withs}
        SELECT p.provider_id, p.practice_id, pr.name AS practice_name, p.facility_ids, p.card,
               ${miles} AS miles
        FROM rm_search_providers p
        ${joined}
        LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
        WHERE ${filter}
        ORDER BY ${order}
        LIMIT ${criteria.pageSize} OFFSET ${offset}`.execute(this.database.db),
      sql<{ total: string }>`${withs}
        SELECT count(*) AS total FROM rm_search_providers p ${joined}
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

/** A specialty asked: a provider's first specialty fits best, a second one less. */
function specialtyRelevance(name: string, weight: number): RawBuilder<unknown> {
  return sql`CASE WHEN p.specialties_key[1] = ${name} THEN ${weight}::float8
    WHEN p.specialties_key @> ARRAY[${name}]::text[] THEN ${weight * 0.7}::float8 ELSE 0 END`;
}

/** A condition asked: a provider whose first specialty treats it fits best. */
function conditionRelevance(name: string, weight: number): RawBuilder<unknown> {
  const by = TREATED_BY.get(name) ?? [];
  return sql`CASE WHEN NOT p.conditions_key @> ARRAY[${name}]::text[] THEN 0
    WHEN p.specialties_key[1] = ANY(${sql.val(by)}::text[]) THEN ${weight * 0.9}::float8
    ELSE ${weight * 0.6}::float8 END`;
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
