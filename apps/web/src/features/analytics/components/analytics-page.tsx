import type { AnalyticsPracticeView, AnalyticsReport } from '@medbook/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
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
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            Analytics
          </Typography>
          <Typography color="text.secondary">
            How the practice&apos;s slots are used, week by week (weeks start on Monday).
          </Typography>
        </div>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void exportCsv()}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Export CSV
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: '1fr',
              sm: '1fr 1fr',
              md: choice ? 'repeat(4, 1fr)' : 'repeat(3, 1fr)',
            },
          }}
        >
          {choice && (
            <TextField
              select
              size="small"
              label="Practice"
              value={practiceId}
              onChange={(e) => {
                setFilters((current) => ({ ...current, providerId: '' }));
                choice.onChange(e.target.value);
              }}
            >
              {choice.practices.map((practice) => (
                <MenuItem key={practice.id} value={practice.id}>
                  {practice.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            type="date"
            size="small"
            label="From"
            value={filters.from}
            onChange={(e) => change({ from: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label="To"
            value={filters.to}
            onChange={(e) => change({ to: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            size="small"
            label="Provider"
            value={filters.providerId}
            onChange={(e) => change({ providerId: e.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All providers</MenuItem>
            {(report?.providers ?? []).map((provider) => (
              <MenuItem key={provider.id} value={provider.id}>
                {provider.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Paper>
      {error && <Alert severity="error">{error}</Alert>}
      {loading && !report && (
        <CircularProgress aria-label="Loading the analytics" sx={{ alignSelf: 'center' }} />
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
