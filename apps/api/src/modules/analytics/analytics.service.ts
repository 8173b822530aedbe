import {
  ANALYTICS_MAX_WEEKS,
  ANALYTICS_MESSAGES,
  type AnalyticsNumbers,
  type AnalyticsPracticeView,
  type AnalyticsQuery,
  type AnalyticsReport,
  DATE_RANGE_MESSAGE,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { stringify } from 'csv-stringify/sync';
import { ForbiddenError, InvalidError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import type { Principal } from '../identity/auth/principal';
import { AnalyticsRepository, type WeekRow } from './analytics.repository';
import { addDays, mondayOf, weeksFrom } from './offered-places';

const OPERATORS: ReadonlySet<string> = new Set(['SuperUser', 'SupportAgent']);
/** Without a range: the twelve weeks before today and the four after it. */
const DEFAULT_WEEKS_BEFORE = 12;
const DEFAULT_DAYS_AHEAD = 28;

/**
 * The practice's analytics (issue 16, part 5), for the practice's admins and operators, as the
 * audit trail is: a weekly series with totals, and the same as a CSV file.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async report(
    caller: Principal,
    practiceId: string,
    query: AnalyticsQuery,
  ): Promise<AnalyticsReport> {
    assertMayRead(caller, practiceId);
    const { from, to } = this.rangeOf(query);
    const providers = await this.repository.providers(practiceId);
    const providerId = query.provider_id ?? null;
    if (providerId && !providers.some((p) => p.id === providerId)) {
      throw new InvalidError(ANALYTICS_MESSAGES.unknownProvider);
    }
    const fromWeek = mondayOf(from);
    const toWeek = mondayOf(to);
    const rows = await this.repository.weeks({ practiceId, fromWeek, toWeek, providerId });
    const byWeek = new Map(rows.map((row) => [row.week_start, row]));
    return {
      from,
      to,
      provider_id: providerId,
      providers,
      // Every week of the range, the quiet ones too: a chart's gaps are real weeks.
      weeks: weeksFrom(fromWeek, toWeek).map((week) => ({
        ...numbersOf(byWeek.get(week)),
        week_start: week,
      })),
      totals: numbersOf(byWeek.get(null)),
    };
  }

  /** The report as CSV: a line per week and one for the totals. */
  async export(caller: Principal, practiceId: string, query: AnalyticsQuery): Promise<string> {
    const report = await this.report(caller, practiceId, query);
    const lines = [...report.weeks, { ...report.totals, week_start: 'total' }];
    return stringify(lines, { header: true, columns: CSV_COLUMNS });
  }

  async practices(caller: Principal): Promise<AnalyticsPracticeView[]> {
    if (OPERATORS.has(caller.type)) return this.repository.practices(null);
    if (caller.type === 'PracticeAdmin' && caller.practiceId) {
      return this.repository.practices(caller.practiceId);
    }
    throw new ForbiddenError(STATUS_MESSAGES[403]);
  }

  private rangeOf(query: AnalyticsQuery): { from: string; to: string } {
    const today = this.clock.now().toISOString().slice(0, 10);
    const to =
      query.to ??
      (query.from
        ? addDays(query.from, DEFAULT_WEEKS_BEFORE * 7)
        : addDays(today, DEFAULT_DAYS_AHEAD));
    const from = query.from ?? addDays(to, -DEFAULT_WEEKS_BEFORE * 7);
    if (to < from) throw new InvalidError(DATE_RANGE_MESSAGE);
    if (weeksFrom(mondayOf(from), mondayOf(to)).length > ANALYTICS_MAX_WEEKS) {
      throw new InvalidError(ANALYTICS_MESSAGES.tooLong);
    }
    return { from, to };
  }
}

function assertMayRead(caller: Principal, practiceId: string): void {
  const admin = caller.type === 'PracticeAdmin' && caller.practiceId === practiceId;
  if (!admin && !OPERATORS.has(caller.type)) throw new ForbiddenError(STATUS_MESSAGES[403]);
}

const EMPTY: AnalyticsNumbers = {
  slots_offered: 0,
  booked: 0,
  utilisation: null,
  cancellations: 0,
  canceled_within_24h: 0,
  canceled_within_7d: 0,
  canceled_earlier: 0,
  median_cancel_notice_hours: null,
  no_shows: 0,
  no_show_rate: null,
  median_lead_hours: null,
  places_freed: 0,
  places_refilled: 0,
  median_refill_hours: null,
  offers_made: 0,
  offers_accepted: 0,
  offers_declined: 0,
  offers_expired: 0,
};

function numbersOf(row: WeekRow | undefined): AnalyticsNumbers {
  if (!row) return EMPTY;
  const { week_start: _, ...numbers } = row;
  return numbers;
}

const CSV_COLUMNS = ['week_start', ...(Object.keys(EMPTY) as (keyof AnalyticsNumbers)[])];
