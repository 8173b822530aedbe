import type { AnalyticsPracticeView, AnalyticsReport } from '@medbook/contracts';
import { api } from '../../../shared/api-client';
import { userAccessToken } from '../../../shared/session';

const enc = encodeURIComponent;

/** The report's filters as the page holds them (days YYYY-MM-DD; no provider: all of them). */
export interface AnalyticsFilters {
  readonly from: string;
  readonly to: string;
  readonly providerId: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The twelve weeks before today and the four after it. */
export function defaultFilters(today = new Date()): AnalyticsFilters {
  const from = new Date(today);
  from.setUTCDate(from.getUTCDate() - 84);
  const to = new Date(today);
  to.setUTCDate(to.getUTCDate() + 28);
  return { from: day(from), to: day(to), providerId: '' };
}

export function analyticsQuery(filters: AnalyticsFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.providerId) query.set('provider_id', filters.providerId);
  return query;
}

export const analyticsApi = {
  report: (practiceId: string, filters: AnalyticsFilters) =>
    api<AnalyticsReport>(
      'GET',
      `/practices/${enc(practiceId)}/analytics?${analyticsQuery(filters).toString()}`,
    ),
  practices: () => api<AnalyticsPracticeView[]>('GET', '/analytics/practices'),
  /** Downloads the report as the CSV file the API makes. */
  async download(practiceId: string, filters: AnalyticsFilters): Promise<void> {
    const token = await userAccessToken();
    const response = await fetch(
      `/api/v1/practices/${enc(practiceId)}/analytics/export?${analyticsQuery(filters).toString()}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
    if (!response.ok) throw new Error('The export could not be made. Please try again.');
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = `analytics-${filters.from}-to-${filters.to}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  },
};
