import { IsOptional, IsUUID } from 'class-validator';
import { DATE_RANGE_MESSAGE, IsCalendarDate, IsNotBeforeDate } from './calendar-date';
import { ConsistentReadQuery } from './read-your-writes';
import { invalid } from './validation-options';

/** Ours: the widest range one report covers (two years of weeks). */
export const ANALYTICS_MAX_WEEKS = 105;
export const ANALYTICS_MESSAGES = {
  tooLong: 'The date range must not be longer than two years.',
  unknownProvider: 'The provider has no calendar in this practice.',
} as const;

/**
 * A practice's scheduling analytics (issue 16, part 5): per week (Monday, in each calendar's
 * zone), the slot places offered and booked, cancellations and their notice, no-shows, lead
 * times, how soon a freed place was booked again, and the waitlist offers. Hours are decimal.
 */
export interface AnalyticsNumbers {
  readonly slots_offered: number;
  /** Scheduled visits in the weeks that still hold their place (no-shows included). */
  readonly booked: number;
  /** booked / slots_offered; null when nothing was offered. */
  readonly utilisation: number | null;
  readonly cancellations: number;
  /** Cancellations by notice: under 24 hours before the visit, 1 to 7 days, more than 7 days. */
  readonly canceled_within_24h: number;
  readonly canceled_within_7d: number;
  readonly canceled_earlier: number;
  readonly median_cancel_notice_hours: number | null;
  readonly no_shows: number;
  /** no_shows / booked; null when nothing was booked. */
  readonly no_show_rate: number | null;
  /** From booking to visit, over the visits booked. */
  readonly median_lead_hours: number | null;
  /** Places given back to their slot (a cancel, a reschedule away, a rejection). */
  readonly places_freed: number;
  readonly places_refilled: number;
  /** From a place given back to the slot's next booking, over the places refilled. */
  readonly median_refill_hours: number | null;
  readonly offers_made: number;
  readonly offers_accepted: number;
  readonly offers_declined: number;
  readonly offers_expired: number;
}

export interface AnalyticsWeek extends AnalyticsNumbers {
  /** YYYY-MM-DD, a Monday. */
  readonly week_start: string;
}

export interface AnalyticsProvider {
  readonly id: string;
  readonly name: string;
}

export interface AnalyticsReport {
  readonly from: string;
  readonly to: string;
  readonly provider_id: string | null;
  /** The providers with a calendar in the practice: the filter's choices. */
  readonly providers: readonly AnalyticsProvider[];
  /** Every week from the one `from` falls in to the one `to` falls in, oldest first. */
  readonly weeks: readonly AnalyticsWeek[];
  /** The whole range: sums, with the rates and medians over all of its facts. */
  readonly totals: AnalyticsNumbers;
}

export interface AnalyticsPracticeView {
  readonly id: string;
  readonly name: string;
}

export class AnalyticsQuery extends ConsistentReadQuery {
  /** The first day (YYYY-MM-DD); its week is the first shown. */
  @IsOptional()
  @IsCalendarDate(invalid)
  from?: string;

  /** The last day (YYYY-MM-DD, included). */
  @IsOptional()
  @IsCalendarDate(invalid)
  @IsNotBeforeDate('from', { message: DATE_RANGE_MESSAGE })
  to?: string;

  @IsOptional()
  @IsUUID('all', invalid)
  provider_id?: string;
}
