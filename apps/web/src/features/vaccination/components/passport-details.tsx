import type { PassportData } from '@medbook/contracts';
import {
  Box,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useTranslation } from '../../../shared/i18n';

export const calendarDay = (date: string): string =>
  DateTime.fromISO(date).toLocaleString(DateTime.DATE_MED);

/** What a passport states: who, born when, and each dose (the card and the verifier's page). */
export function PassportDetails({ data }: { data: PassportData }) {
  const { t } = useTranslation();
  const kind = (k: string) => (k === 'Covid' ? t('vaccination.covid') : t('vaccination.other'));
  return (
    <Box>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="passport-name">
        {data.name}
      </Typography>
      {data.birth_date && (
        <Typography color="text.secondary" data-testid="passport-birth-date">
          {t('vaccination.dateOfBirth', { date: calendarDay(data.birth_date) })}
        </Typography>
      )}
      {/* A phone gets each dose as a short card: five columns do not fit 375 px. */}
      <Box
        component="ul"
        aria-label={t('vaccination.vaccinationsOf', { name: data.name })}
        sx={{ display: { xs: 'block', sm: 'none' }, listStyle: 'none', p: 0, mt: 2, mb: 0 }}
      >
        {data.vaccinations.map((v) => (
          <Box
            component="li"
            key={`${v.kind}-${v.vaccine}-${v.dose}-${v.date}`}
            sx={{ py: 1.25, borderTop: 1, borderColor: 'divider' }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              {t('vaccination.doseLine', { vaccine: v.vaccine, kind: kind(v.kind), dose: v.dose })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('vaccination.lotLine', { date: calendarDay(v.date), lot: v.lot })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {v.practice}
            </Typography>
          </Box>
        ))}
      </Box>
      <TableContainer sx={{ mt: 2, display: { xs: 'none', sm: 'block' } }}>
        <Table size="small" aria-label={t('vaccination.vaccinationsOf', { name: data.name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('vaccination.vaccine')}</TableCell>
              <TableCell>{t('vaccination.dose')}</TableCell>
              <TableCell>{t('vaccination.date')}</TableCell>
              <TableCell>{t('vaccination.lot')}</TableCell>
              <TableCell>{t('vaccination.givenAt')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.vaccinations.map((v) => (
              <TableRow key={`${v.kind}-${v.vaccine}-${v.dose}-${v.date}`}>
                <TableCell>
                  {v.vaccine}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {kind(v.kind)}
                  </Typography>
                </TableCell>
                <TableCell>{v.dose}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{calendarDay(v.date)}</TableCell>
                <TableCell>{v.lot}</TableCell>
                <TableCell>{v.practice}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
