import {
  APPOINTMENT_STATUSES,
  type AppointmentReport,
  REPORT_PERIODS,
  type ReportPeriod,
} from '@medbook/contracts';
import { Alert, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { ChoiceFilter, DayFilter, FilterPanel, ReportHeader } from '../../../shared/report-filters';
import { toast } from '../../../shared/toast';
import { reportsApi } from '../api/reports-api';
import { defaultReportFilters, type ReportFilters } from '../report-rules';
import { ReportTable } from './report-table';

/**
 * The appointments report: how many visits each day, week or month holds per provider and
 * status, for a date range, and the same as a CSV file. A provider sees their own visits only.
 */
export function ReportsPage({
  practiceId,
  ownProvider,
}: {
  practiceId: string;
  ownProvider: boolean;
}) {
  const [filters, setFilters] = useState<ReportFilters>(() => defaultReportFilters());
  const [answer, setAnswer] = useState<{
    for: ReportFilters;
    report: AppointmentReport | null;
    error: string | null;
  } | null>(null);
  const generation = useRef(0);
  const { t } = useTranslation();

  // The report for these filters; an answer for older filters is dropped.
  useEffect(() => {
    const mine = ++generation.current;
    reportsApi.report(practiceId, filters).then(
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
  const loading = answer?.for !== filters;
  const change = (patch: Partial<ReportFilters>) =>
    setFilters((current) => ({ ...current, ...patch }));
  const exportCsv = async () => {
    try {
      await reportsApi.download(practiceId, filters);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    }
  };

  return (
    <Stack spacing={3}>
      <ReportHeader
        title={t('reports.title')}
        explanation={ownProvider ? t('reports.ownExplanation') : t('reports.practiceExplanation')}
        onExport={() => void exportCsv()}
      />
      <FilterPanel columns={ownProvider ? 4 : 5}>
        <DayFilter
          label={t('reports.from')}
          value={filters.from}
          onChange={(from) => change({ from })}
        />
        <DayFilter label={t('reports.to')} value={filters.to} onChange={(to) => change({ to })} />
        <TextField
          select
          size="small"
          label={t('reports.period')}
          value={filters.period}
          onChange={(e) => change({ period: e.target.value as ReportPeriod })}
        >
          {REPORT_PERIODS.map((period) => (
            <MenuItem key={period} value={period}>
              {t(`reports.periods.${period}`)}
            </MenuItem>
          ))}
        </TextField>
        {!ownProvider && (
          <ChoiceFilter
            label={t('reports.provider')}
            value={filters.providerId}
            onChange={(providerId) => change({ providerId })}
            anyLabel={t('reports.allProviders')}
            options={(report?.providers ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        )}
        <ChoiceFilter
          label={t('reports.status')}
          value={filters.status}
          onChange={(status) => change({ status })}
          anyLabel={t('reports.allStatuses')}
          options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: translateText(s) }))}
        />
      </FilterPanel>
      {answer?.error && <Alert severity="error">{translateText(answer.error)}</Alert>}
      {loading && !report && (
        <CircularProgress aria-label={t('reports.loading')} sx={{ alignSelf: 'center' }} />
      )}
      {report && (
        <Stack aria-busy={loading} data-testid="appointments-report">
          <ReportTable report={report} />
        </Stack>
      )}
    </Stack>
  );
}
