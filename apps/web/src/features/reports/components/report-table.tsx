import type { AppointmentReport, AppointmentReportRow } from '@medbook/contracts';
import {
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
import { periodLabel, statusColumns } from '../report-rules';

/**
 * A row per period and provider: the total and a column per status that holds any visit. A phone
 * gets a card per row instead, its statuses in a line.
 */
export function ReportTable({ report }: { report: AppointmentReport }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const statuses = statusColumns(report);
  if (report.rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">No appointments in this range.</Typography>
      </Paper>
    );
  }
  const key = (row: AppointmentReportRow) =>
    `${row.period_start}:${row.provider_id ?? row.provider_name}`;
  if (phone) {
    return (
      <Stack spacing={1.5}>
        {report.rows.map((row) => (
          <Paper key={key(row)} variant="outlined" component="section" sx={{ p: 2 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {periodLabel(report.period, row.period_start)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {row.provider_name}: <strong>{row.total}</strong>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {statuses
                .filter((s) => row.by_status[s])
                .map((s) => `${s} ${row.by_status[s]}`)
                .join(' · ')}
            </Typography>
          </Paper>
        ))}
        <Paper variant="outlined" component="section" sx={{ p: 2 }} data-testid="report-total">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Total: {report.totals.total}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {statuses.map((s) => `${s} ${report.totals.by_status[s]}`).join(' · ')}
          </Typography>
        </Paper>
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Appointments by period and provider">
        <TableHead>
          <TableRow>
            <TableCell>Period</TableCell>
            <TableCell>Provider</TableCell>
            <TableCell align="right">Total</TableCell>
            {statuses.map((status) => (
              <TableCell key={status} align="right">
                {status}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={key(row)} data-testid="report-row">
              <TableCell>{periodLabel(report.period, row.period_start)}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line' }}>{row.provider_name}</TableCell>
              <TableCell align="right">{row.total}</TableCell>
              {statuses.map((status) => (
                <TableCell key={status} align="right">
                  {row.by_status[status] ?? 0}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow data-testid="report-total">
            <TableCell component="th" scope="row" colSpan={2} sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {report.totals.total}
            </TableCell>
            {statuses.map((status) => (
              <TableCell key={status} align="right" sx={{ fontWeight: 700 }}>
                {report.totals.by_status[status] ?? 0}
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
