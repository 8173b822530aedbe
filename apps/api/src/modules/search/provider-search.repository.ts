import { averageRating, CALLED_OFF_STATUSES, slotId } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import { SEARCH_TERMS, type SearchCriteria, wordsOf } from './provider-search.criteria';
import { nearestFirst } from './provider-search.nearest';
import {
  boundingBox,
  conditionRelevance,
  FULL_NAME,
  hasCalendar,
  likeWord,
  milesFrom,
  nextOpenings,
  OPEN_NOW_WALK_FROM,
  openNow,
  specialtyRelevance,
} from './provider-search.sql';
import type {
  CalendarPlaces,
  CalendarVersion,
  FacilityRow,
  ProviderHit,
} from './provider-search.hits';

export type {
  CalendarPlaces,
  CalendarVersion,
  FacilityRow,
  ProviderHit,
} from './provider-search.hits';

/** Pages by distance up to this many matches walk facilities outward; deeper ones sort them all. */
const WALKED_MATCHES = 300;

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
    const { where, walked, relevance } = await this.filtersOf(criteria, now);
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
    const page = { offset: (criteria.pageNo - 1) * criteria.pageSize, size: criteria.pageSize };
    const filter = sql.join(where, sql` AND `);
    const withs = ctes.length > 0 ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``;
    const joined = sql.join(joins, sql` `);
    if (
      origin &&
      criteria.sort === 'distance' &&
      page.offset + page.size <= WALKED_MATCHES &&
      !score &&
      !opening &&
      !criteria.onlineNow
    ) {
      // Without a radius every match counts, whatever its distance.
      const counted =
        criteria.maxMiles !== null
          ? this.count(filter, sql`${withs}`, joined)
          : this.count(filter, sql``, sql``);
      const box = criteria.maxMiles !== null ? boundingBox(origin, criteria.maxMiles) : sql``;
      const [rows, total] = await Promise.all([
        nearestFirst(this.database.db, origin, criteria.maxMiles, box, filter, page),
        counted,
      ]);
      return { rows, total };
    }
    if (criteria.onlineNow && !origin && !opening && !score) {
      return this.openNowByName(filter, sql.join(walked, sql` AND `), page);
    }
    if (!origin && !opening && !criteria.onlineNow) return this.plainPage(filter, score, page);
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
               LIMIT ${page.size} OFFSET ${page.offset})
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
   * The criteria's conditions on a provider row `p` (`where`; `walked` has 'open now' as a test
   * per provider, for a page walked by an index) and the relevance parts of what was typed or
   * asked (a row's relevance is the greatest, 0 to 1).
   */
  private async filtersOf(
    criteria: SearchCriteria,
    now: Date,
  ): Promise<{
    where: RawBuilder<unknown>[];
    walked: RawBuilder<unknown>[];
    relevance: RawBuilder<unknown>[];
  }> {
    const where: RawBuilder<unknown>[] = [sql`true`];
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
      const typed = await this.typedText(criteria.freeText);
      where.push(typed.match);
      relevance.push(...typed.relevance);
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
    const walked = [...where];
    if (criteria.onlineNow) {
      where.push(openNow(now));
      walked.push(openNow(now, true));
    }
    return { where, walked, relevance };
  }

  /**
   * Typed text: a provider matches by name (pg_trgm word similarity), by a specialty or condition
   * the text names (the vocabulary's closest terms), or by every word in its practice, facility
   * and city names; relevance follows how closely.
   */
  private async typedText(
    text: string,
  ): Promise<{ match: RawBuilder<unknown>; relevance: RawBuilder<unknown>[] }> {
    const terms = await this.matchTerms(text);
    const matches: RawBuilder<unknown>[] = [sql`${text} <% ${FULL_NAME}`];
    const relevance: RawBuilder<unknown>[] = [
      sql`CASE WHEN ${text} <% ${FULL_NAME} THEN word_similarity(${text}, ${FULL_NAME}) ELSE 0 END`,
    ];
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
    const words = wordsOf(text);
    if (words.length > 0) {
      const all = sql.join(
        words.map((w) => sql`p.search_text LIKE ${likeWord(w)}`),
        sql` AND `,
      );
      matches.push(sql`(${all})`);
      relevance.push(sql`CASE WHEN ${all} THEN 0.4 ELSE 0 END`);
    }
    return { match: sql`(${sql.join(matches, sql` OR `)})`, relevance };
  }

  /** How many providers match (with the radius' CTE and join, when one narrows them). */
  private async count(
    filter: RawBuilder<unknown>,
    withs: RawBuilder<unknown>,
    joined: RawBuilder<unknown>,
  ): Promise<number> {
    const { rows } = await sql<{ total: string }>`${withs}
      SELECT count(*) AS total FROM rm_search_providers p ${joined}
      WHERE ${filter}`.execute(this.database.db);
    return Number(rows[0]?.total ?? 0);
  }

  /**
   * Open now, by name: count the open providers (a join over the telehealth calendars), then walk
   * the name index testing each provider, unless so few match that sorting them is less.
   */
  private async openNowByName(
    filter: RawBuilder<unknown>,
    walked: RawBuilder<unknown>,
    page: { offset: number; size: number },
  ): Promise<{ rows: ProviderHit[]; total: number }> {
    const total = await this.count(filter, sql``, sql``);
    if (total === 0 || page.offset >= total) return { rows: [], total };
    const test = total >= OPEN_NOW_WALK_FROM ? walked : filter;
    const { rows } = await sql<ProviderHit>`
      SELECT p.provider_id, p.practice_id, pr.name AS practice_name, p.facility_ids, p.card,
             NULL::float8 AS miles
      FROM rm_search_providers p
      LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
      WHERE ${test}
      ORDER BY p.last_name, p.first_name, p.provider_id
      LIMIT ${page.size} OFFSET ${page.offset}`.execute(this.database.db);
    return { rows, total };
  }

  /**
   * Nothing computed per match: two statements, not count(*) OVER (), so the page can stop at its
   * last row (an index walk or a top-N sort) instead of sorting every match.
   */
  private async plainPage(
    filter: RawBuilder<unknown>,
    score: RawBuilder<unknown> | null,
    page: { offset: number; size: number },
  ): Promise<{ rows: ProviderHit[]; total: number }> {
    const order = score
      ? sql`round((${score})::numeric, 1) DESC, p.last_name, p.first_name, p.provider_id`
      : sql`p.last_name, p.first_name, p.provider_id`;
    const [found, total] = await Promise.all([
      sql<ProviderHit>`SELECT p.provider_id, p.practice_id, pr.name AS practice_name,
                              p.facility_ids, p.card, NULL::float8 AS miles
        FROM rm_search_providers p
        LEFT JOIN rm_search_practices pr ON pr.practice_id = p.practice_id
        WHERE ${filter}
        ORDER BY ${order}
        LIMIT ${page.size} OFFSET ${page.offset}`.execute(this.database.db),
      this.count(filter, sql``, sql``),
    ]);
    return { rows: found.rows, total };
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
