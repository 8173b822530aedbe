import type { AnalyticsPracticeView, AnalyticsReport } from '@medbook/contracts';
import { Alert, CircularProgress, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { ChoiceFilter, DayFilter, FilterPanel, ReportHeader } from '../../../shared/report-filters';
import { toast } from '../../../shared/toast';
import { type AnalyticsFilters, analyticsApi, defaultFilters } from '../api/analytics-api';
import { AnalyticsCharts } from './analytics-charts';
import { AnalyticsSummary } from './analytics-summary';
import { AnalyticsTable } from './analytics-table';

export interface PracticeChoice {
  readonly practices: readonly AnalyticsPracticeView[];
  readonly onChange: (practiceId: string) => void;
}

/**
 * The practice's analytics (/practice-admin/analytics): slot places offered and booked,
 * cancellations, no-shows, lead times, refills and waitlist offers by week, as charts, headline
 * numbers and a table, for a date range and a provider, and the same as a CSV file. Operators
 * choose the practice first.
 */
export function AnalyticsPage({
  practiceId,
  choice,
}: {
  practiceId: string;
  choice?: PracticeChoice;
}) {
  const [filters, setFilters] = useState<AnalyticsFilters>(() => defaultFilters());
  /** The last answer, and the filters it answers: older than the filters while one is on its way. */
  const [answer, setAnswer] = useState<{
    for: AnalyticsFilters;
    report: AnalyticsReport | null;
    error: string | null;
  } | null>(null);
  const generation = useRef(0);
  const { t } = useTranslation();

  // The report for these filters; an answer for older filters is dropped.
  useEffect(() => {
    const mine = ++generation.current;
    analyticsApi.report(practiceId, filters).then(
      (report) => {
        if (mine === generation.current) setAnswer({ for: filters, report, error: null });
      },
      (cause: unknown) => {
        if (mine !== generation.current) return;
        setAnswer((last) => ({
          for: filters,
          report: last?.report ?? null,
          error: errorMessageOf(cause),
        }));
      },
    );
  }, [practiceId, filters]);
  const report = answer?.report ?? null;
  const error = answer?.error ?? null;
  const loading = answer?.for !== filters;

  const change = (patch: Partial<AnalyticsFilters>) =>
    setFilters((current) => ({ ...current, ...patch }));
  const exportCsv = async () => {
    try {
      await analyticsApi.download(practiceId, filters);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    }
  };

  return (
    <Stack spacing={3}>
      <ReportHeader
        title={t('analytics.title')}
        explanation={t('analytics.explanation')}
        onExport={() => void exportCsv()}
      />
      <FilterPanel columns={choice ? 4 : 3}>
        {choice && (
          <ChoiceFilter
            label={t('analytics.practice')}
            value={practiceId}
            onChange={(id) => {
              setFilters((current) => ({ ...current, providerId: '' }));
              choice.onChange(id);
            }}
            anyLabel={t('analytics.choosePractice')}
            options={choice.practices.map((practice) => ({
              value: practice.id,
              label: practice.name,
            }))}
          />
        )}
        <DayFilter
          label={t('analytics.from')}
          value={filters.from}
          onChange={(from) => change({ from })}
        />
        <DayFilter label={t('analytics.to')} value={filters.to} onChange={(to) => change({ to })} />
        <ChoiceFilter
          label={t('analytics.provider')}
          value={filters.providerId}
          onChange={(providerId) => change({ providerId })}
          anyLabel={t('analytics.allProviders')}
          options={(report?.providers ?? []).map((provider) => ({
            value: provider.id,
            label: provider.name,
          }))}
        />
      </FilterPanel>
      {error && <Alert severity="error">{translateText(error)}</Alert>}
      {loading && !report && (
        <CircularProgress aria-label={t('analytics.loading')} sx={{ alignSelf: 'center' }} />
      )}
      {report && (
        <Stack spacing={3} aria-busy={loading} data-testid="analytics-report">
          <AnalyticsSummary totals={report.totals} />
          <AnalyticsCharts weeks={report.weeks} />
          <AnalyticsTable weeks={report.weeks} totals={report.totals} />
        </Stack>
      )}
    </Stack>
  );
}
