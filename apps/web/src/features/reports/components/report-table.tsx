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
import type { ReportPeriod } from '@medbook/contracts';
import { translateText, useTranslation } from '../../../shared/i18n';
import { luxonLocale } from '../../../shared/i18n/dates';
import { periodLabel, statusColumns } from '../report-rules';

/** A period's first day in the chosen language (English: the rules' own words). */
function usePeriodText(): (period: ReportPeriod, start: string) => string {
  const { t } = useTranslation();
  const locale = luxonLocale();
  return (period, start) => {
    if (locale === 'en-US') return periodLabel(period, start);
    const date = new Date(`${start}T12:00:00Z`);
    const format = (options: Intl.DateTimeFormatOptions) =>
      date.toLocaleDateString(locale, { ...options, timeZone: 'UTC' });
    if (period === 'day') {
      return format({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
    }
    if (period === 'week') {
      return t('reports.weekOf', {
        date: format({ month: 'short', day: 'numeric', year: 'numeric' }),
      });
    }
    return format({ month: 'long', year: 'numeric' });
  };
}

/**
 * A row per period and provider: the total and a column per status that holds any visit. A phone
 * gets a card per row instead, its statuses in a line.
 */
export function ReportTable({ report }: { report: AppointmentReport }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const statuses = statusColumns(report);
  const { t } = useTranslation();
  const periodText = usePeriodText();
  if (report.rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{t('reports.none')}</Typography>
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
              {periodText(report.period, row.period_start)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {row.provider_name}: <strong>{row.total}</strong>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {statuses
                .filter((s) => row.by_status[s])
                .map((s) => `${translateText(s)} ${row.by_status[s]}`)
                .join(' · ')}
            </Typography>
          </Paper>
        ))}
        <Paper variant="outlined" component="section" sx={{ p: 2 }} data-testid="report-total">
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('reports.totalOf', { total: report.totals.total })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {statuses.map((s) => `${translateText(s)} ${report.totals.by_status[s]}`).join(' · ')}
          </Typography>
        </Paper>
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('reports.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('reports.period')}</TableCell>
            <TableCell>{t('reports.provider')}</TableCell>
            <TableCell align="right">{t('reports.total')}</TableCell>
            {statuses.map((status) => (
              <TableCell key={status} align="right">
                {translateText(status)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={key(row)} data-testid="report-row">
              <TableCell>{periodText(report.period, row.period_start)}</TableCell>
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
              {t('reports.total')}
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
