import { type ResourceType, RESOURCE_TYPES } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type RawBuilder, sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import type { CalendarVersion } from './provider-search.repository';
import { nextOpenings, type OpeningCalendars } from './provider-search.sql';
import type { ResourceCriteria } from './resource-search.criteria';

export interface ResourceHit {
  readonly resource_id: string;
  readonly practice_id: string;
  readonly practice_name: string | null;
  readonly name: string;
  readonly resource_type: ResourceType;
  readonly facility_ids: string[];
  readonly miles: number | null;
}

const EARTH_RADIUS_MILES = 3958.8;

/** The resource's name and type, as migration 0039's trigram index holds them. */
const NAME_AND_TYPE = sql`lower(r.name || ' ' || coalesce(r.details ->> 'kind', ''))`;

/**
 * Resources' calendars as the provider search's opening query reads calendars: scheduling's read
 * model, its settings' hours and dates (the subquery is inlined, found by resource).
 */
const RESOURCE_CALENDARS: OpeningCalendars = {
  from: sql`(SELECT resource_id, settings ->> 'visit_type' AS visit_type,
      settings ->> 'time_zone' AS time_zone,
      calendar_open_hours(settings -> 'weekly_hours',
        ARRAY(SELECT jsonb_array_elements_text(settings -> 'working_days')::int),
        (settings ->> 'first_hour')::int, (settings ->> 'last_hour')::int) AS open_hours,
      (settings ->> 'date_from')::date AS date_from, (settings ->> 'date_to')::date AS date_to,
      coalesce((settings ->> 'online_booking_disabled')::boolean, false) AS online_booking_disabled
    FROM rm_calendars WHERE resource_id IS NOT NULL) c`,
  owner: sql`c.resource_id = r.id`,
};

const likeWord = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Resources (rooms, labs, equipment) as the directory read model holds them (entries of kind
 * 'resource', edits applied), placed at their facilities' coordinates (the search read model's
 * facilities). A query of its own: the provider search's query and indexes are untouched.
 */
@Injectable()
export class ResourceSearchRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async search(
    criteria: ResourceCriteria,
    now: Date,
  ): Promise<{ rows: ResourceHit[]; total: number }> {
    const where: RawBuilder<unknown>[] = [sql`r.kind = 'resource'`];
    if (criteria.nothing) where.push(sql`false`);
    if (criteria.resourceId) where.push(sql`r.id = ${criteria.resourceId}::uuid`);
    if (criteria.practiceId) where.push(sql`r.practice_id = ${criteria.practiceId}::uuid`);
    if (criteria.resourceType) where.push(sql`r.details ->> 'kind' = ${criteria.resourceType}`);
    let relevance: RawBuilder<unknown> | null = null;
    if (criteria.text) {
      const text = criteria.text;
      const words = criteria.words;
      // Every typed word in the name, type, practice, facilities or their cities; or the whole
      // text like the name and type (typos: 'labb').
      const all =
        words.length > 0
          ? sql.join(
              words.map((w) => sql`(${NAME_AND_TYPE} || ' ' || places.text) LIKE ${likeWord(w)}`),
              sql` AND `,
            )
          : sql`false`;
      where.push(sql`(${text} <% ${NAME_AND_TYPE} OR (${all}))`);
      relevance = sql`greatest(CASE WHEN ${text} <% ${NAME_AND_TYPE}
        THEN word_similarity(${text}, ${NAME_AND_TYPE}) ELSE 0 END,
        CASE WHEN ${all} THEN 0.4 ELSE 0 END)`;
    }
    const origin = criteria.origin;
    const miles = origin
      ? sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
          power(sin(radians(f.latitude - ${origin.latitude}::float8) / 2), 2) +
          cos(radians(${origin.latitude}::float8)) * cos(radians(f.latitude)) *
          power(sin(radians(f.longitude - ${origin.longitude}::float8) / 2), 2)))))`
      : sql<number>`NULL::float8`;
    if (origin && criteria.maxMiles !== null) where.push(sql`places.miles <= ${criteria.maxMiles}`);
    const byName = sql`r.name, r.id`;
    // By availability as providers are: the soonest opening of its calendars' hours first.
    const opens =
      criteria.sort === 'availability'
        ? sql`LEFT JOIN LATERAL ${nextOpenings(now, null, RESOURCE_CALENDARS)} ON true`
        : sql``;
    const sort =
      criteria.sort === 'distance' && origin
        ? sql`places.miles ASC NULLS LAST, ${byName}`
        : criteria.sort === 'availability'
          ? sql`opens.open_at ASC NULLS LAST, ${origin ? sql`places.miles ASC NULLS LAST, ` : sql``}${byName}`
          : byName;
    const order = relevance ? sql`round((${relevance})::numeric, 1) DESC, ${sort}` : sort;
    // Per resource: its facilities' names and cities (typed words) and the nearest one's miles.
    const from = sql`FROM rm_directory_entries r
      LEFT JOIN rm_search_practices pr ON pr.practice_id = r.practice_id
      CROSS JOIN LATERAL (
        SELECT lower(coalesce(pr.name, '') || ' ' || coalesce(string_agg(f.name || ' ' ||
                 coalesce(f.details -> 'address' ->> 'city', ''), ' '), '')) AS text,
               min(${miles}) AS miles
        FROM rm_search_facilities f
        WHERE f.facility_id::text IN
          (SELECT jsonb_array_elements_text(coalesce(r.details -> 'facility_ids', '[]')))) places`;
    const pageFrom = sql`${from} ${opens}`;
    const filter = sql.join(where, sql` AND `);
    const offset = (criteria.pageNo - 1) * criteria.pageSize;
    const [page, count] = await Promise.all([
      sql<ResourceHit>`
        SELECT r.id AS resource_id, r.practice_id, pr.name AS practice_name, r.name,
               r.details ->> 'kind' AS resource_type,
               ARRAY(SELECT jsonb_array_elements_text(coalesce(r.details -> 'facility_ids', '[]')))
                 AS facility_ids,
               places.miles
        ${pageFrom}
        WHERE ${filter}
        ORDER BY ${order}
        LIMIT ${criteria.pageSize} OFFSET ${offset}`.execute(this.database.db),
      sql<{ total: string }>`SELECT count(*) AS total ${from} WHERE ${filter}`.execute(
        this.database.db,
      ),
    ]);
    return {
      rows: page.rows.map((row) => ({
        ...row,
        resource_type: (RESOURCE_TYPES as readonly string[]).includes(row.resource_type)
          ? row.resource_type
          : 'Room',
      })),
      total: Number(count.rows[0]?.total ?? 0),
    };
  }

  /** Scheduling's calendars of these resources (its read model), for next availability. */
  async calendars(resourceIds: readonly string[]): Promise<CalendarVersion[]> {
    if (resourceIds.length === 0) return [];
    const rows = await this.database.db
      .selectFrom('rm_calendars')
      .select(['settings', 'position'])
      .where('resource_id', 'in', [...resourceIds])
      .execute();
    return rows.map((row) => ({
      settings: row.settings as CalendarSettings,
      position: Number(row.position),
    }));
  }
}
