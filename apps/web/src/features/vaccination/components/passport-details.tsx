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

export const calendarDay = (date: string): string =>
  DateTime.fromISO(date).toLocaleString(DateTime.DATE_MED);

/** What a passport states: who, born when, and each dose (the card and the verifier's page). */
export function PassportDetails({ data }: { data: PassportData }) {
  return (
    <Box>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="passport-name">
        {data.name}
      </Typography>
      {data.birth_date && (
        <Typography color="text.secondary" data-testid="passport-birth-date">
          Date of birth: {calendarDay(data.birth_date)}
        </Typography>
      )}
      <TableContainer sx={{ mt: 2 }}>
        <Table size="small" aria-label={`Vaccinations of ${data.name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Vaccine</TableCell>
              <TableCell>Dose</TableCell>
              <TableCell>Date</TableCell>
              <TableCell>Lot</TableCell>
              <TableCell>Given at</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.vaccinations.map((v) => (
              <TableRow key={`${v.kind}-${v.vaccine}-${v.dose}-${v.date}`}>
                <TableCell>
                  {v.vaccine}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {v.kind === 'Covid' ? 'COVID-19' : 'Other'}
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
