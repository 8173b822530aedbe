import { type RawBuilder, sql } from 'kysely';
import { TREATED_BY } from './provider-search.criteria';

/**
 * Provider search's SQL parts, shared by its query shapes (provider-search.repository.ts) and by
 * resource search: distances, a calendar's local time, open now, calendars of a visit type or a
 * date, the next opening, relevance, and a radius' box. Each reads the provider row as `p` and a
 * calendar row as `c`.
 */

const EARTH_RADIUS_MILES = 3958.8;

/** Haversine miles from a point to a row's latitude/longitude columns. */
export function milesFrom(
  origin: { latitude: number; longitude: number },
  table: RawBuilder<unknown> = sql``,
): RawBuilder<number> {
  return sql<number>`(2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(
    power(sin(radians(${table}latitude - ${origin.latitude}::float8) / 2), 2) +
    cos(radians(${origin.latitude}::float8)) * cos(radians(${table}latitude)) *
    power(sin(radians(${table}longitude - ${origin.longitude}::float8) / 2), 2)))))`;
}

/**
 * `now` in the calendar row's zone: its date, ISO weekday, minute of the day and minute of the
 * ISO week (as the row's `open_hours` counts them). OFFSET 0 keeps the subquery from being
 * flattened, so the zone conversion runs once per calendar row rather than once per condition
 * that reads it (it is most of what these filters cost).
 */
export function localTime(now: Date): RawBuilder<unknown> {
  return sql`(SELECT z.local::date AS today, extract(isodow FROM z.local)::int AS isodow,
      (extract(hour FROM z.local) * 60 + extract(minute FROM z.local))::int AS minute,
      ((extract(isodow FROM z.local) - 1) * 1440 + extract(hour FROM z.local) * 60
        + extract(minute FROM z.local))::int AS week_minute
    FROM (SELECT ${now.toISOString()}::timestamptz AT TIME ZONE c.time_zone AS local OFFSET 0) z)`;
}

/**
 * A calendar of the provider open at `now` (within its hours that local minute of the week, and
 * its dates). `open_hours` holds the calendar's weekly hours, split shifts and all, or those its
 * single hours make (migration 0049). `probe`: kept a test per provider (OFFSET 0 stops
 * PostgreSQL turning it into a join over every calendar), for a page that walks an index in its
 * order and stops once full.
 */
export function openNow(now: Date, probe = false): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM rm_search_calendars c
    CROSS JOIN LATERAL ${localTime(now)} l
    WHERE c.provider_id = p.provider_id AND c.visit_type = 'Telehealth'
      AND NOT c.online_booking_disabled
      AND c.open_hours @> l.week_minute
      AND l.today >= c.date_from AND (c.date_to IS NULL OR l.today <= c.date_to)
      ${probe ? sql`OFFSET 0` : sql``})`;
}

/**
 * Walking an index in the page's order and testing 'open now' per provider pays once this many
 * providers match (the walk then meets the page's rows within 15 x N / matches providers);
 * fewer, and they are found by a join and sorted.
 */
export const OPEN_NOW_WALK_FROM = 200;

/** Only bookable calendars count; a date needs one open some time that weekday, within its dates. */
export function hasCalendar(date: string | null, visitType: string | null): RawBuilder<boolean> {
  const day = date
    ? sql`AND c.open_hours && int4range(
            (extract(isodow FROM ${date}::date)::int - 1) * 1440,
            extract(isodow FROM ${date}::date)::int * 1440)
          AND ${date}::date >= c.date_from AND (c.date_to IS NULL OR ${date}::date <= c.date_to)`
    : sql``;
  const type = visitType ? sql`AND c.visit_type = ${visitType}` : sql``;
  return sql<boolean>`EXISTS (SELECT 1 FROM rm_search_calendars c
    WHERE c.provider_id = p.provider_id AND NOT c.online_booking_disabled ${day} ${type})`;
}

/** The escape for LIKE patterns of typed words. */
export const likeWord = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The provider's full name as the trigram index (migration 0031) holds it. */
export const FULL_NAME = sql`lower(p.first_name || ' ' || p.last_name)`;

/** Whose calendars an opening is looked for in: a table (or subquery) `c` and its owner test. */
export interface OpeningCalendars {
  readonly from: RawBuilder<unknown>;
  readonly owner: RawBuilder<unknown>;
}

export const PROVIDER_CALENDARS: OpeningCalendars = {
  from: sql`rm_search_calendars c`,
  owner: sql`c.provider_id = p.provider_id`,
};

/**
 * The next opening of a provider's (or, given its calendars, a resource's) bookable calendar
 * hours (of the visit type, when one was asked): per calendar, now when it is open now;
 * otherwise, from today in its zone (or its first date), the nearest start of one of its spans
 * (`open_hours`, minutes of the ISO week) that is still ahead, unless past the calendar's last
 * date; and how many days ahead of the calendar's today that is.
 */
export function nextOpenings(
  now: Date,
  visitType: string | null,
  calendars: OpeningCalendars = PROVIDER_CALENDARS,
): RawBuilder<unknown> {
  const type = visitType ? sql`AND c.visit_type = ${visitType}` : sql``;
  const at = sql`${now.toISOString()}::timestamptz`;
  // A lateral subquery: computed for the providers the other filters kept, not every calendar.
  // Each span is read as its ISO weekday, start and end minute of that day (an end past 1440
  // runs into the next day: adjacent spans merge). Open now counts apart, so a span that began
  // the day before and runs past midnight still counts.
  return sql`(
    SELECT min(o.open_at) AS open_at, min(o.day - o.today) AS days_away FROM (
      SELECT l.today, d.day,
             CASE WHEN d.day = l.today AND l.minute >= d.start_minute THEN ${at}
                  ELSE (d.day + make_interval(mins => d.start_minute)) AT TIME ZONE c.time_zone
             END AS open_at
      FROM ${calendars.from}
      CROSS JOIN LATERAL ${localTime(now)} l
      CROSS JOIN LATERAL (SELECT greatest(c.date_from, l.today) AS start) s
      CROSS JOIN LATERAL (
        SELECT sp.start_minute, s.start + ((sp.weekday - extract(isodow FROM s.start)::int + 7) % 7
                  + CASE WHEN sp.weekday = extract(isodow FROM s.start)::int AND s.start = l.today
                              AND l.minute >= sp.end_minute THEN 7 ELSE 0 END) AS day
        FROM (SELECT lower(r) / 1440 + 1 AS weekday, lower(r) % 1440 AS start_minute,
                     upper(r) - lower(r) / 1440 * 1440 AS end_minute
                FROM unnest(c.open_hours) AS r) sp
        UNION ALL
        SELECT l.minute, l.today WHERE c.open_hours @> l.week_minute AND s.start = l.today) d
      WHERE ${calendars.owner} AND NOT c.online_booking_disabled ${type}
        AND (c.date_to IS NULL OR d.day <= c.date_to)
    ) o) opens`;
}

/** A specialty asked: a provider's first specialty fits best, a second one less. */
export function specialtyRelevance(name: string, weight: number): RawBuilder<unknown> {
  return sql`CASE WHEN p.specialties_key[1] = ${name} THEN ${weight}::float8
    WHEN p.specialties_key @> ARRAY[${name}]::text[] THEN ${weight * 0.7}::float8 ELSE 0 END`;
}

/** A condition asked: a provider whose first specialty treats it fits best. */
export function conditionRelevance(name: string, weight: number): RawBuilder<unknown> {
  const by = TREATED_BY.get(name) ?? [];
  return sql`CASE WHEN NOT p.conditions_key @> ARRAY[${name}]::text[] THEN 0
    WHEN p.specialties_key[1] = ANY(${sql.val(by)}::text[]) THEN ${weight * 0.9}::float8
    ELSE ${weight * 0.6}::float8 END`;
}

/** A latitude/longitude box around the origin that holds every point within `miles`. */
export function boundingBox(
  origin: { latitude: number; longitude: number },
  miles: number,
): RawBuilder<unknown> {
  const dLat = miles / 69;
  const cosLat = Math.max(0.01, Math.cos((origin.latitude * Math.PI) / 180));
  const dLon = Math.min(180, miles / (69.172 * cosLat));
  return sql`AND latitude BETWEEN ${origin.latitude - dLat} AND ${origin.latitude + dLat}
    AND longitude BETWEEN ${origin.longitude - dLon} AND ${origin.longitude + dLon}`;
}
