import type { AnalyticsNumbers, AnalyticsWeek } from '@medbook/contracts';
import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { translateText, useTranslation } from '../../../shared/i18n';
import { duration, percent, weekLabel } from './analytics-format';

const COLUMNS: readonly { label: string; cell: (n: AnalyticsNumbers) => string | number }[] = [
  { label: 'Offered', cell: (n) => n.slots_offered },
  { label: 'Booked', cell: (n) => n.booked },
  { label: 'Utilisation', cell: (n) => percent(n.utilisation) },
  { label: 'Cancellations', cell: (n) => n.cancellations },
  {
    label: 'Notice < 1 d / 1–7 d / > 7 d',
    cell: (n) => `${n.canceled_within_24h} / ${n.canceled_within_7d} / ${n.canceled_earlier}`,
  },
  { label: 'Median notice', cell: (n) => duration(n.median_cancel_notice_hours) },
  { label: 'No-shows', cell: (n) => n.no_shows },
  { label: 'No-show rate', cell: (n) => percent(n.no_show_rate) },
  { label: 'Median lead time', cell: (n) => duration(n.median_lead_hours) },
  { label: 'Places freed / refilled', cell: (n) => `${n.places_freed} / ${n.places_refilled}` },
  { label: 'Median time to refill', cell: (n) => duration(n.median_refill_hours) },
  {
    label: 'Waitlist offers made / accepted / declined / expired',
    cell: (n) =>
      `${n.offers_made} / ${n.offers_accepted} / ${n.offers_declined} / ${n.offers_expired}`,
  },
];

interface AnalyticsTableProps {
  readonly weeks: readonly AnalyticsWeek[];
  readonly totals: AnalyticsNumbers;
}

/**
 * The report's numbers, a row per week and one for the whole range: what the charts draw. A
 * phone gets a card per week instead: thirteen columns would scroll sideways under headings
 * wrapped into a tall band.
 */
export function AnalyticsTable(props: AnalyticsTableProps) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return phone ? <AnalyticsCards {...props} /> : <WideTable {...props} />;
}

/** A week with nothing in it: its card says so in one line instead of thirteen zeros. */
const idle = (n: AnalyticsNumbers) =>
  n.slots_offered === 0 &&
  n.booked === 0 &&
  n.cancellations === 0 &&
  n.no_shows === 0 &&
  n.places_freed === 0 &&
  n.offers_made === 0;

function AnalyticsCards({ weeks, totals }: AnalyticsTableProps) {
  const { t } = useTranslation();
  const card = (key: string, label: string, numbers: AnalyticsNumbers, total = false) => (
    <Paper
      key={key}
      variant="outlined"
      component="section"
      aria-label={label}
      data-testid={`analytics-card-${key}`}
      sx={{ p: 2 }}
    >
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {total ? label : t('analytics.weekOfLabel', { label })}
      </Typography>
      {idle(numbers) ? (
        <Typography variant="body2" color="text.secondary">
          {t('analytics.idle')}
        </Typography>
      ) : (
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
          }}
        >
          {COLUMNS.map((column) => (
            <Box key={column.label} sx={{ display: 'contents' }}>
              <dt>{translateText(column.label)}</dt>
              <dd>{column.cell(numbers)}</dd>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
  return (
    <Stack spacing={1.5}>
      {weeks.map((week) => card(week.week_start, weekLabel(week.week_start), week))}
      {card('total', t('analytics.wholeRangeRow'), totals, true)}
    </Stack>
  );
}

function WideTable({ weeks, totals }: AnalyticsTableProps) {
  const { t } = useTranslation();
  const row = (key: string, label: string, numbers: AnalyticsNumbers, total = false) => (
    <TableRow key={key} data-testid={`analytics-row-${key}`}>
      <TableCell component="th" scope="row" sx={{ fontWeight: total ? 700 : 400 }}>
        {label}
      </TableCell>
      {COLUMNS.map((column) => (
        <TableCell key={column.label} align="right" sx={{ fontWeight: total ? 700 : 400 }}>
          {column.cell(numbers)}
        </TableCell>
      ))}
    </TableRow>
  );
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      aria-label={t('analytics.byWeekScroll')}
    >
      <Table
        size="small"
        aria-label={t('analytics.byWeek')}
        // The numbers stay on one line; the long headings wrap, so a desktop shows every column.
        sx={{
          whiteSpace: 'nowrap',
          '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('analytics.weekOf')}
            </TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column.label} component="th" scope="col" align="right">
                {translateText(column.label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {weeks.map((week) => row(week.week_start, weekLabel(week.week_start), week))}
          {row('total', t('analytics.wholeRangeRow'), totals, true)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
