import type {
  AnalyticsNumbers,
  AnalyticsPracticeView,
  AnalyticsProvider,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../infra/database/database';

export interface AnalyticsFilter {
  readonly practiceId: string;
  /** The first and last weeks' Mondays (YYYY-MM-DD). */
  readonly fromWeek: string;
  readonly toWeek: string;
  readonly providerId: string | null;
}

/** One week's numbers; `week_start` is null on the totals row. */
export type WeekRow = AnalyticsNumbers & { readonly week_start: string | null };

interface Row {
  week_start: string | null;
  slots_offered: string;
  booked: string;
  cancellations: string;
  canceled_within_24h: string;
  canceled_within_7d: string;
  canceled_earlier: string;
  median_cancel_notice_hours: number | null;
  no_shows: string;
  median_lead_hours: number | null;
  places_freed: string;
  places_refilled: string;
  median_refill_hours: number | null;
  offers_made: string;
  offers_accepted: string;
  offers_declined: string;
  offers_expired: string;
}

/**
 * The analytics read model's numbers. The facts of the chosen calendars and weeks are one narrow
 * stream (kind, value in hours); one pass counts them and takes the medians (percentile_cont),
 * per week and, by ROLLUP, over the whole range, so the totals' medians are true medians.
 */
@Injectable()
export class AnalyticsRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async weeks(filter: AnalyticsFilter): Promise<WeekRow[]> {
    const provider = filter.providerId ? sql`AND w.provider_id = ${filter.providerId}` : sql``;
    const hours = (later: string, earlier: string) =>
      sql`extract(epoch FROM ${sql.ref(later)} - ${sql.ref(earlier)}) / 3600`;
    const { rows } = await sql<Row>`
      WITH weeks AS (
        SELECT w.calendar_id, w.week_start, w.slots_offered
          FROM rm_analytics_weeks w
         WHERE w.practice_id = ${filter.practiceId}
           AND w.week_start BETWEEN ${filter.fromWeek}::date AND ${filter.toWeek}::date
           ${provider}
      ), facts AS (
        SELECT week_start, 'offered' AS kind, slots_offered::float8 AS value FROM weeks
        UNION ALL
        SELECT a.week_start,
               CASE a.status WHEN 'Canceled' THEN 'canceled' WHEN 'Rejected' THEN 'rejected'
                             ELSE 'booked' END,
               CASE a.status WHEN 'Canceled' THEN ${hours('a.start_date', 'a.canceled_at')}
                             ELSE ${hours('a.start_date', 'a.booked_at')} END
          FROM rm_analytics_appointments a JOIN weeks USING (calendar_id, week_start)
        UNION ALL
        SELECT a.week_start, 'no_show', NULL
          FROM rm_analytics_appointments a JOIN weeks USING (calendar_id, week_start)
         WHERE a.status = 'No-Show'
        UNION ALL
        SELECT f.week_start, CASE WHEN f.refilled_at IS NULL THEN 'freed' ELSE 'refilled' END,
               ${hours('f.refilled_at', 'f.freed_at')}
          FROM rm_analytics_freed_places f JOIN weeks USING (calendar_id, week_start)
        UNION ALL
        SELECT o.week_start, 'offer:' || o.status, NULL
          FROM rm_analytics_offers o JOIN weeks USING (calendar_id, week_start)
      )
      SELECT week_start::text AS week_start,
             coalesce(sum(value) FILTER (WHERE kind = 'offered'), 0) AS slots_offered,
             count(*) FILTER (WHERE kind = 'booked') AS booked,
             count(*) FILTER (WHERE kind = 'canceled') AS cancellations,
             count(*) FILTER (WHERE kind = 'canceled' AND value < 24) AS canceled_within_24h,
             count(*) FILTER (WHERE kind = 'canceled' AND value >= 24 AND value < 168)
               AS canceled_within_7d,
             count(*) FILTER (WHERE kind = 'canceled' AND value >= 168) AS canceled_earlier,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'canceled')
               AS median_cancel_notice_hours,
             count(*) FILTER (WHERE kind = 'no_show') AS no_shows,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'booked')
               AS median_lead_hours,
             count(*) FILTER (WHERE kind IN ('freed', 'refilled')) AS places_freed,
             count(*) FILTER (WHERE kind = 'refilled') AS places_refilled,
             percentile_cont(0.5) WITHIN GROUP (ORDER BY value) FILTER (WHERE kind = 'refilled')
               AS median_refill_hours,
             count(*) FILTER (WHERE kind LIKE 'offer:%') AS offers_made,
             count(*) FILTER (WHERE kind = 'offer:Accepted') AS offers_accepted,
             count(*) FILTER (WHERE kind = 'offer:Declined') AS offers_declined,
             count(*) FILTER (WHERE kind = 'offer:Expired') AS offers_expired
        FROM facts
       GROUP BY ROLLUP (week_start)
       ORDER BY week_start NULLS LAST`.execute(this.database.db);
    return rows.map(weekRow);
  }

  /** The providers with a calendar in the practice, by name. */
  async providers(practiceId: string): Promise<AnalyticsProvider[]> {
    const { rows } = await sql<AnalyticsProvider>`
      SELECT c.provider_id::text AS id,
             coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''),
                      min(c.settings->>'name')) AS name
        FROM rm_analytics_calendars c
        LEFT JOIN rm_users u ON u.user_id = c.provider_id
       WHERE c.practice_id = ${practiceId} AND c.provider_id IS NOT NULL
       GROUP BY c.provider_id, u.first_name, u.last_name
       ORDER BY name, id`.execute(this.database.db);
    return rows;
  }

  /** The practices with calendars (all of them, or the one asked), by name. */
  async practices(only: string | null): Promise<AnalyticsPracticeView[]> {
    const { rows } = await sql<AnalyticsPracticeView>`
      SELECT c.practice_id::text AS id, coalesce(p.name, 'Practice ' || left(c.practice_id::text, 8)) AS name
        FROM (SELECT DISTINCT practice_id FROM rm_analytics_calendars) c
        LEFT JOIN rm_practices p ON p.practice_id = c.practice_id
       WHERE ${only === null ? sql`TRUE` : sql`c.practice_id = ${only}`}
       ORDER BY name, id`.execute(this.database.db);
    return rows;
  }
}

const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
const hoursOf = (value: number | null): number | null =>
  value === null ? null : Math.round(Number(value) * 100) / 100;

function weekRow(row: Row): WeekRow {
  const slotsOffered = Number(row.slots_offered);
  const booked = Number(row.booked);
  const noShows = Number(row.no_shows);
  return {
    week_start: row.week_start,
    slots_offered: slotsOffered,
    booked,
    utilisation: ratio(booked, slotsOffered),
    cancellations: Number(row.cancellations),
    canceled_within_24h: Number(row.canceled_within_24h),
    canceled_within_7d: Number(row.canceled_within_7d),
    canceled_earlier: Number(row.canceled_earlier),
    median_cancel_notice_hours: hoursOf(row.median_cancel_notice_hours),
    no_shows: noShows,
    no_show_rate: ratio(noShows, booked),
    median_lead_hours: hoursOf(row.median_lead_hours),
    places_freed: Number(row.places_freed),
    places_refilled: Number(row.places_refilled),
    median_refill_hours: hoursOf(row.median_refill_hours),
    offers_made: Number(row.offers_made),
    offers_accepted: Number(row.offers_accepted),
    offers_declined: Number(row.offers_declined),
    offers_expired: Number(row.offers_expired),
  };
}
