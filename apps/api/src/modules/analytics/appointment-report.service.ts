import {
  APPOINTMENT_STATUSES,
  type AppointmentReport,
  type AppointmentReportQuery,
  type AppointmentReportRow,
  type AppointmentStatus,
  DATE_RANGE_MESSAGE,
  REPORT_MAX_DAYS,
  REPORT_MESSAGES,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { ForbiddenError, InvalidError } from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import type { Principal } from '../identity/auth/principal';
import {
  type AppointmentCount,
  AppointmentReportRepository,
} from './appointment-report.repository';
import { csvFile } from './csv-file';
import { addDays } from './offered-places';

const OPERATORS: ReadonlySet<string> = new Set(['SuperUser', 'SupportAgent']);
/** Without a range: the four weeks before today and the four after it. */
const DEFAULT_DAYS = 28;

/**
 * The appointments report: counts per period, provider and status, for the practice's admins
 * (the whole practice), its providers (their own visits only) and operators.
 */
@Injectable()
export class AppointmentReportService {
  constructor(
    private readonly repository: AppointmentReportRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async report(
    caller: Principal,
    practiceId: string,
    query: AppointmentReportQuery,
  ): Promise<AppointmentReport> {
    const own = ownProviderOf(caller, practiceId);
    if (own && query.provider_id && query.provider_id !== own) {
      throw new ForbiddenError(STATUS_MESSAGES[403]);
    }
    const { from, to } = this.rangeOf(query);
    const providerId = own ?? query.provider_id ?? null;
    const providers = await this.repository.providers(practiceId, own);
    if (providerId && !providers.some((p) => p.id === providerId)) {
      throw new InvalidError(REPORT_MESSAGES.unknownProvider);
    }
    const period = query.period ?? 'week';
    const status = query.status ?? null;
    const counts = await this.repository.counts({
      practiceId,
      from,
      to,
      period,
      providerId,
      status,
    });
    const rows = rowsOf(counts);
    const totals = { by_status: {} as Partial<Record<AppointmentStatus, number>>, total: 0 };
    for (const count of counts) add(totals, count.status, count.count);
    return { from, to, period, provider_id: providerId, status, providers, rows, totals };
  }

  /** The report as RFC 4180 CSV: a line per period and provider, then the totals. */
  async csv(caller: Principal, practiceId: string, query: AppointmentReportQuery) {
    const report = await this.report(caller, practiceId, query);
    const statuses = (r: { by_status: AppointmentReportRow['by_status'] }) =>
      APPOINTMENT_STATUSES.map((s) => r.by_status[s] ?? 0);
    const body = csvFile(
      ['Period', 'Provider', 'Total', ...APPOINTMENT_STATUSES],
      [
        ...report.rows.map((r) => [r.period_start, r.provider_name, r.total, ...statuses(r)]),
        ['Total', 'All providers', report.totals.total, ...statuses(report.totals)],
      ],
    );
    return { body, filename: `appointments-${report.from}-to-${report.to}.csv` };
  }

  private rangeOf(query: AppointmentReportQuery): { from: string; to: string } {
    const today = this.clock.now().toISOString().slice(0, 10);
    const to = query.to ?? addDays(query.from ?? today, DEFAULT_DAYS);
    const from = query.from ?? addDays(to, -2 * DEFAULT_DAYS);
    if (to < from) throw new InvalidError(DATE_RANGE_MESSAGE);
    if (daysBetween(from, to) >= REPORT_MAX_DAYS) throw new InvalidError(REPORT_MESSAGES.tooLong);
    return { from, to };
  }
}

/**
 * Who may read the practice's report: its admins and operators see every provider (null); its
 * providers only themselves (their id). Anyone else, and staff of another practice, are refused.
 */
function ownProviderOf(caller: Principal, practiceId: string): string | null {
  if (OPERATORS.has(caller.type)) return null;
  if (caller.practiceId === practiceId) {
    if (caller.type === 'PracticeAdmin') return null;
    if (caller.type === 'Provider') return caller.userId;
  }
  throw new ForbiddenError(STATUS_MESSAGES[403]);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

type Tally = { by_status: Partial<Record<AppointmentStatus, number>>; total: number };

function add(tally: Tally, status: AppointmentStatus, count: number): void {
  tally.by_status[status] = (tally.by_status[status] ?? 0) + count;
  tally.total += count;
}

/** The counts (ordered by period, then provider) folded into a row per period and provider. */
function rowsOf(counts: readonly AppointmentCount[]): AppointmentReportRow[] {
  const rows: (AppointmentReportRow & Tally)[] = [];
  for (const count of counts) {
    let row = rows.at(-1);
    if (
      !row ||
      row.period_start !== count.period_start ||
      row.provider_id !== count.provider_id ||
      row.provider_name !== count.provider_name
    ) {
      row = {
        period_start: count.period_start,
        provider_id: count.provider_id,
        provider_name: count.provider_name,
        by_status: {},
        total: 0,
      };
      rows.push(row);
    }
    add(row, count.status, count.count);
  }
  return rows;
}
