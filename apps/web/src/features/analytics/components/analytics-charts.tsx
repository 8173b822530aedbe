import type { AnalyticsWeek } from '@medbook/contracts';
import { Box, Paper, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReactNode } from 'react';
import { weekLabel } from './analytics-format';
import { useTranslation } from '../../../shared/i18n';

const HEIGHT = 260;
const asPercent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** A chart with its heading; the numbers it draws are the table's below, for screen readers too. */
function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="figure"
      aria-labelledby={`${id}-title`}
      sx={{ m: 0, p: 2, minWidth: 0 }}
      data-testid={id}
    >
      <Typography id={`${id}-title`} variant="subtitle1" component="figcaption" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Places offered against booked, and the utilisation and no-show rates, week by week. */
export function AnalyticsCharts({ weeks }: { weeks: readonly AnalyticsWeek[] }) {
  const labels = weeks.map((w) => weekLabel(w.week_start));
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <ChartCard id="places-chart" title={t('analytics.placesChart')}>
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: labels }]}
          series={[
            { data: weeks.map((w) => w.slots_offered), label: t('analytics.labels.offered') },
            { data: weeks.map((w) => w.booked), label: t('analytics.labels.booked') },
          ]}
          margin={{ left: 0, right: 8 }}
        />
      </ChartCard>
      <ChartCard id="rates-chart" title={t('analytics.ratesChart')}>
        <LineChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ min: 0, valueFormatter: (v: number) => `${v} %` }]}
          series={[
            {
              data: weeks.map((w) => asPercent(w.utilisation)),
              label: t('analytics.labels.utilisation'),
              connectNulls: true,
              // A lone week between quiet ones is a point, not a line: marks show it.
              showMark: true,
              valueFormatter: (v) => (v === null ? '–' : `${v} %`),
            },
            {
              data: weeks.map((w) => asPercent(w.no_show_rate)),
              label: t('analytics.labels.noShowRate'),
              connectNulls: true,
              showMark: true,
              valueFormatter: (v) => (v === null ? '–' : `${v} %`),
            },
          ]}
          margin={{ left: 0, right: 8 }}
        />
      </ChartCard>
    </Box>
  );
}
