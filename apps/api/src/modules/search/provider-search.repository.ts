import { averageRating, CALLED_OFF_STATUSES, slotId } from '@medbook/contracts';
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

/** Pages by distance up to this many matches walk facilities outward; deeper ones sort them all. */
const WALKED_MATCHES = 300;

/** Haversine miles from a point to a row's latitude/longitude columns. */
function milesFrom(
  origin: { latitude: number; longitude: number },
  table: RawBuilder<unknown> = sql``,
): RawBuilder<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${table}latitude - ${origin.latitude}::float8) / 2), 2) +
    cos(radians(${origin.latitude}::float8)) * cos(radians(${table}latitude)) *
    power(sin(radians(${table}longitude - ${origin.longitude}::float8) / 2), 2)))))`;
}

/**
 * `now` in the calendar row's zone: its date, ISO weekday and hour. OFFSET 0 keeps the subquery
 * from being flattened, so the zone conversion runs once per calendar row rather than once per
 * condition that reads it (it is most of what these filters cost).
 */
function localTime(now: Date): RawBuilder<unknown> {
  return sql`(SELECT z.local::date AS today, extract(isodow FROM z.local)::int AS isodow,
      extract(hour FROM z.local)::int AS hour
    FROM (SELECT ${now.toISOString()}::timestamptz AT TIME ZONE c.time_zone AS local OFFSET 0) z)`;
}

/**
 * A calendar of the provider open at `now` (local weekday, hour and date range). `probe`: kept
 * a test per provider (OFFSET 0 stops PostgreSQL turning it into a join over every calendar), for
 * a page that walks an index in its order and stops once full.
 */
function openNow(now: Date, probe = false): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM rm_search_calendars c
    CROSS JOIN LATERAL ${localTime(now)} l
    WHERE c.provider_id = p.provider_id AND c.visit_type = 'Telehealth'
      AND NOT c.online_booking_disabled
      AND l.isodow = ANY (c.working_days)
      AND l.hour >= c.first_hour AND l.hour < c.last_hour
      AND l.today >= c.date_from AND (c.date_to IS NULL OR l.today <= c.date_to)
      ${probe ? sql`OFFSET 0` : sql``})`;
}

/**
 * Walking an index in the page's order and testing 'open now' per provider pays once this many
 * providers match (the walk then meets the page's rows within 15 x N / matches providers);
 * fewer, and they are found by a join and sorted.
 */
const OPEN_NOW_WALK_FROM = 200;

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

/** Whose calendars an opening is looked for in: a table (or subquery) `c` and its owner test. */
export interface OpeningCalendars {
  readonly from: RawBuilder<unknown>;
  readonly owner: RawBuilder<unknown>;
}

const PROVIDER_CALENDARS: OpeningCalendars = {
  from: sql`rm_search_calendars c`,
  owner: sql`c.provider_id = p.provider_id`,
};

/**
 * The next opening of a provider's (or, given its calendars, a resource's) bookable calendar
 * hours (of the visit type, when one was asked): per calendar, from today in its zone (or its
 * first date), the nearest working weekday, at its first hour (or now, when today's hours have
 * begun), unless past the calendar's last date; and how many days ahead of the calendar's today
 * that is.
 */
export function nextOpenings(
  now: Date,
  visitType: string | null,
  calendars: OpeningCalendars = PROVIDER_CALENDARS,
): RawBuilder<unknown> {
  const type = visitType ? sql`AND c.visit_type = ${visitType}` : sql``;
  const at = sql`${now.toISOString()}::timestamptz`;
  // A lateral subquery: computed for the providers the other filters kept, not every calendar.
  return sql`(
    SELECT min(o.open_at) AS open_at, min(o.day - o.today) AS days_away FROM (
      SELECT l.today, d.day,
             CASE WHEN d.day = l.today AND l.hour >= c.first_hour THEN ${at}
                  ELSE (d.day + make_interval(hours => c.first_hour)) AT TIME ZONE c.time_zone
             END AS open_at
      FROM ${calendars.from}
      CROSS JOIN LATERAL ${localTime(now)} l
      CROSS JOIN LATERAL (SELECT greatest(c.date_from, l.today) AS start) s
      CROSS JOIN LATERAL (
        SELECT s.start + min(((w - extract(isodow FROM s.start)::int + 7) % 7
                  + CASE WHEN w = extract(isodow FROM s.start)::int AND s.start = l.today
                              AND l.hour >= c.last_hour THEN 7 ELSE 0 END)) AS day
        FROM unnest(c.working_days) AS w) d
      WHERE ${calendars.owner} AND NOT c.online_booking_disabled ${type}
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
    // The same filters with 'open now' as a per-provider test, for a page walked by an index.
    const walked = [...where];
    if (criteria.onlineNow) {
      where.push(openNow(now));
      walked.push(openNow(now, true));
    }

    const ctes: RawBuilder<unknown>[] = [];
    const joins: RawBuilder<unknown>[] = [];
    const origin = criteria.origin;
    let miles = sql`NULL::float8`;
    if (origin) {
      const box = criteria.maxMiles !== null ? boundingBox(origin, criteria.maxMiles) : sql``;
      if (criteria.maxMiles === null && where.length > 1) {
        // Other filters narrow the matches: each match looks up its own facilities (an index
        // probe), rather than every provider's distance being worked out.
        joins.push(sql`LEFT JOIN LATERAL (
          SELECT min(${milesFrom(origin, sql`n.`)}) AS miles FROM rm_search_provider_facilities n
          WHERE n.provider_id = p.provider_id AND n.latitude IS NOT NULL) near ON true`);
      } else {
        // The distance is worked out once per facility (within the radius' box), then each
        // provider takes its nearest.
        ctes.push(sql`near AS (
          SELECT pf.provider_id, min(f.miles) AS miles
          FROM (SELECT facility_id, ${milesFrom(origin)} AS miles FROM rm_search_facilities
                WHERE latitude IS NOT NULL ${box}) f
          JOIN rm_search_provider_facilities pf ON pf.facility_id = f.facility_id
          GROUP BY pf.provider_id)`);
        joins.push(
          criteria.maxMiles !== null
            ? sql`JOIN near ON near.provider_id = p.provider_id AND near.miles <= ${criteria.maxMiles}`
            : sql`LEFT JOIN near ON near.provider_id = p.provider_id`,
        );
      }
      miles = sql`near.miles`;
    }
    let openAt = sql`NULL::timestamptz`;
    const opening = criteria.sort === 'availability' || criteria.withinDays !== null;
    if (opening) {
      const opens = nextOpenings(now, criteria.visitType);
      // Within N days: the opening's day, in the calendar's zone, is at most N - 1 days ahead.
      joins.push(
        criteria.withinDays !== null
          ? sql`JOIN LATERAL ${opens} ON opens.days_away < ${criteria.withinDays}`
          : sql`LEFT JOIN LATERAL ${opens} ON true`,
      );
      openAt = sql`opens.open_at`;
    }
    const score =
      relevance.length === 0
        ? null
        : relevance.length === 1
          ? relevance[0]!
          : sql`greatest(${sql.join(relevance, sql`, `)})`;
    const offset = (criteria.pageNo - 1) * criteria.pageSize;
    const filter = sql.join(where, sql` AND `);
    const withs = ctes.length > 0 ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``;
    const joined = sql.join(joins, sql` `);
    const nearPages = offset + criteria.pageSize <= WALKED_MATCHES;
    if (
      origin &&
      criteria.sort === 'distance' &&
      nearPages &&
      !score &&
      !opening &&
      !criteria.onlineNow
    ) {
      const box = criteria.maxMiles !== null ? boundingBox(origin, criteria.maxMiles) : sql``;
      // Without a radius every match counts, whatever its distance.
      const counted = sql<{ total: string }>`${criteria.maxMiles !== null ? withs : sql``}
        SELECT count(*) AS total FROM rm_search_providers p
        ${criteria.maxMiles !== null ? joined : sql``}
        WHERE ${filter}`.execute(this.database.db);
      const [rows, count] = await Promise.all([
        this.nearestFirst(origin, criteria.maxMiles, box, filter, offset, criteria.pageSize),
        counted,
      ]);
      return { rows, total: Number(count.rows[0]?.total ?? 0) };
    }
    if (criteria.onlineNow && !origin && !opening && !score) {
      // Open now, by name: count the open providers (a join over the telehealth calendars), then
      // walk the name index testing each provider, unless so few match that sorting them is less.
      const { rows: counted } = await sql<{ total: string }>`
        SELECT count(*) AS total FROM rm_search_providers p WHERE ${filter}`.execute(
        this.database.db,
      );
      const total = Number(counted[0]?.total ?? 0);
      if (total === 0 || offset >= total) return { rows: [], total };
      const test = total >= OPEN_NOW_WALK_FROM ? sql.join(walked, sql` AND `) : filter;
      const { rows } = await sql<ProviderHit>`
        SELECT p.provider_id, p.practice_id, pr.name AS practice_name, p.facility_ids, p.card,
               NULL::float8 AS miles
        FROM rm_search_providers p
        LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
        WHERE ${test}
        ORDER BY p.last_name, p.first_name, p.provider_id
        LIMIT ${criteria.pageSize} OFFSET ${offset}`.execute(this.database.db);
      return { rows, total };
    }
    const costly = origin !== null || opening || criteria.onlineNow;
    if (!costly) {
      // Two statements, not count(*) OVER (): the page can then stop at its last row (an index
      // walk or a top-N sort) instead of sorting every match.
      const order = score
        ? sql`round((${score})::numeric, 1) DESC, p.last_name, p.first_name, p.provider_id`
        : sql`p.last_name, p.first_name, p.provider_id`;
      const [page, count] = await Promise.all([
        sql<ProviderHit>`SELECT p.provider_id, p.practice_id, pr.name AS practice_name,
                                p.facility_ids, p.card, NULL::float8 AS miles
          FROM rm_search_providers p
          LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
          WHERE ${filter}
          ORDER BY ${order}
          LIMIT ${criteria.pageSize} OFFSET ${offset}`.execute(this.database.db),
        sql<{ total: string }>`SELECT count(*) AS total FROM rm_search_providers p
          WHERE ${filter}`.execute(this.database.db),
      ]);
      return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
    }
    // A distance, an opening or 'open now' is computed per match: once, in one statement, for
    // both the page and the count. Only the sort keys are carried to the sort; the page's cards
    // are read for its own rows.
    const by = sql`m.last_name, m.first_name, m.provider_id`;
    const sort =
      criteria.sort === 'distance'
        ? sql`m.miles ASC NULLS LAST, ${by}`
        : criteria.sort === 'availability'
          ? sql`m.open_at ASC NULLS LAST, ${origin ? sql`m.miles ASC NULLS LAST, ` : sql``}${by}`
          : by;
    const order = score ? sql`m.relevance DESC, ${sort}` : sort;
    const { rows } = await sql<ProviderHit & { total: string }>`${withs}${
      ctes.length > 0 ? sql`, ` : sql`WITH `
    }matched AS MATERIALIZED (
        SELECT p.provider_id, p.last_name, p.first_name, ${miles} AS miles, ${openAt} AS open_at,
               ${score ? sql`round((${score})::numeric, 1)` : sql`0`} AS relevance
        FROM rm_search_providers p
        ${joined}
        WHERE ${filter}),
      page AS (SELECT * FROM matched m ORDER BY ${order}
               LIMIT ${criteria.pageSize} OFFSET ${offset})
      SELECT p.provider_id, p.practice_id, pr.name AS practice_name, p.facility_ids, p.card,
             m.miles, t.total
      FROM (SELECT count(*) AS total FROM matched) t
      LEFT JOIN (page m JOIN rm_search_providers p ON p.provider_id = m.provider_id
                 LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id) ON true
      ORDER BY ${order}`.execute(this.database.db);
    const total = Number(rows[0]?.total ?? 0);
    return { rows: rows.filter((row) => row.provider_id !== null), total };
  }

  /**
   * A page of providers by distance, nearest first, without working out every provider's
   * distance: facilities are walked outward from the origin in growing batches (cut where the
   * distance changes, so a batch never splits a tie), each batch's providers taken at their
   * nearest facility, until the page is full; then, unless a radius was asked, the providers
   * with no located facility, by name. The same order as sorting every match by
   * (miles NULLS LAST, last name, first name, id).
   */
  private async nearestFirst(
    origin: { latitude: number; longitude: number },
    maxMiles: number | null,
    box: RawBuilder<unknown>,
    filter: RawBuilder<unknown>,
    offset: number,
    pageSize: number,
  ): Promise<ProviderHit[]> {
    const db = this.database.db;
    const distance = milesFrom(origin);
    const { rows: places } = await sql<{ facility_id: string; miles: number }>`
      SELECT facility_id, miles FROM (
        SELECT facility_id, ${distance} AS miles FROM rm_search_facilities
        WHERE latitude IS NOT NULL ${box}) f
      ${maxMiles !== null ? sql`WHERE miles <= ${maxMiles}` : sql``}
      ORDER BY miles, facility_id`.execute(db);
    const wanted = offset + pageSize;
    const found: { provider_id: string; miles: number | null }[] = [];
    let next = 0;
    for (let size = 4; next < places.length && found.length < wanted; size *= 4) {
      let end = Math.min(places.length, next + size);
      while (end < places.length && places[end]!.miles === places[end - 1]!.miles) end += 1;
      const batch = places.slice(next, end).map((place) => place.facility_id);
      next = end;
      // A provider's distance is its nearest facility's: one nearer than this batch's is in an
      // earlier batch (and was taken there), so such providers are skipped here. OFFSET 0 keeps
      // both lookups per candidate (index probes), not hash joins over every provider.
      const { rows } = await sql<{ provider_id: string; miles: number }>`
        SELECT x.provider_id, x.miles FROM (
          SELECT DISTINCT ON (provider_id) provider_id, ${distance} AS miles
          FROM rm_search_provider_facilities
          WHERE facility_id = ANY (${sql.val(batch)}::uuid[])
          ORDER BY provider_id, 2) x
        CROSS JOIN LATERAL (
          SELECT p.last_name, p.first_name FROM rm_search_providers p
          WHERE p.provider_id = x.provider_id AND ${filter} OFFSET 0) p
        WHERE NOT EXISTS (
          SELECT 1 FROM rm_search_provider_facilities n
          WHERE n.provider_id = x.provider_id AND n.latitude IS NOT NULL
            AND ${milesFrom(origin, sql`n.`)} < x.miles OFFSET 0)
        ORDER BY x.miles, p.last_name, p.first_name, x.provider_id
        LIMIT ${wanted - found.length}`.execute(db);
      found.push(...rows);
    }
    if (found.length < wanted && maxMiles === null) {
      const { rows } = await sql<{ provider_id: string; miles: null }>`
        SELECT p.provider_id, NULL::float8 AS miles FROM rm_search_providers p
        WHERE ${filter} AND NOT EXISTS (
          SELECT 1 FROM rm_search_provider_facilities n
          WHERE n.provider_id = p.provider_id AND n.latitude IS NOT NULL)
        ORDER BY p.last_name, p.first_name, p.provider_id
        LIMIT ${pageSize} OFFSET ${Math.max(0, offset - found.length)}`.execute(db);
      found.push(...rows);
    }
    const page = found.slice(offset, wanted);
    if (page.length === 0) return [];
    const { rows: cards } = await sql<Omit<ProviderHit, 'miles'>>`
      SELECT p.provider_id, p.practice_id, pr.name AS practice_name, p.facility_ids, p.card
      FROM rm_search_providers p
      LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
      WHERE p.provider_id = ANY (${sql.val(page.map((row) => row.provider_id))}::uuid[])`.execute(
      db,
    );
    const byId = new Map(cards.map((card) => [card.provider_id, card]));
    return page.map((row) => ({ ...byId.get(row.provider_id)!, miles: row.miles }));
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
          average: averageRating(row.rating_sum, row.review_count),
          count: row.review_count,
        },
      ]),
    );
  }

  /** Providers with a telehealth calendar open now: how many, and the best ranked few. */
  async onlineNow(now: Date, limit: number): Promise<{ total: number; rows: ProviderHit[] }> {
    // Counted and ranked on narrow rows; only the shown few carry their cards.
    const { rows } = await sql<ProviderHit & { total: string }>`
      WITH open AS MATERIALIZED (
        SELECT p.provider_id, p.profile_ranking, p.last_name, p.first_name
        FROM rm_search_providers p WHERE ${openNow(now)}),
      shown AS (SELECT * FROM open o
                ORDER BY o.profile_ranking DESC, o.last_name, o.first_name, o.provider_id
                LIMIT ${limit})
      SELECT p.provider_id, p.practice_id, NULL AS practice_name, p.facility_ids, p.card,
             NULL::float8 AS miles, t.total
      FROM (SELECT count(*) AS total FROM open) t
      LEFT JOIN (shown o JOIN rm_search_providers p ON p.provider_id = o.provider_id) ON true
      ORDER BY o.profile_ranking DESC, o.last_name, o.first_name, o.provider_id`.execute(
      this.database.db,
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.filter((row) => row.provider_id !== null),
    };
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
