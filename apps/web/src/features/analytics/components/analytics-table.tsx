import type { AnalyticsNumbers, AnalyticsWeek } from '@medbook/contracts';
import {
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
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

/** The report's numbers, a row per week and one for the whole range: what the charts draw. */
export function AnalyticsTable({
  weeks,
  totals,
}: {
  weeks: readonly AnalyticsWeek[];
  totals: AnalyticsNumbers;
}) {
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
      aria-label="Analytics by week (scrolls sideways)"
    >
      <Table
        size="small"
        aria-label="Analytics by week"
        // The numbers stay on one line; the long headings wrap, so a desktop shows every column.
        sx={{
          whiteSpace: 'nowrap',
          '& thead th': { whiteSpace: 'normal', verticalAlign: 'bottom' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Week of
            </TableCell>
            {COLUMNS.map((column) => (
              <TableCell key={column.label} component="th" scope="col" align="right">
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {weeks.map((week) => row(week.week_start, weekLabel(week.week_start), week))}
          {row('total', 'Whole range', totals, true)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
