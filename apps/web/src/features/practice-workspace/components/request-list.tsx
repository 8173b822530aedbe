import type { AppointmentView } from '@medbook/contracts';
import {
  Box,
  Checkbox,
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
import type { ReactNode } from 'react';
import { translateText, useTranslation } from '../../../shared/i18n';
import { scheduleLabel, visitTime } from '../workspace-rules';

const patientOf = (a: AppointmentView) => a.patient_name ?? translateText('Unnamed patient');

/**
 * Pending requests, each with a checkbox for the bulk actions and its own Accept and Reject: a
 * table on wide screens, one card per request on a phone.
 */
export function RequestList(props: {
  readonly requests: readonly AppointmentView[];
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (appointmentId: string) => void;
  readonly onToggleAll: (all: boolean) => void;
  readonly actions: (appointment: AppointmentView) => ReactNode;
  /** A failure of the last bulk action on this row, shown under it. */
  readonly problemOf: (appointmentId: string) => string | null;
}) {
  const theme = useTheme();
  const { t } = useTranslation();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const { requests, selected } = props;
  const all = requests.length > 0 && requests.every((a) => selected.has(a.appointment_id));
  const some = !all && requests.some((a) => selected.has(a.appointment_id));
  const pick = (a: AppointmentView) => (
    <Checkbox
      checked={selected.has(a.appointment_id)}
      onChange={() => props.onToggle(a.appointment_id)}
      slotProps={{
        input: { 'aria-label': t('workspace.requests.selectOf', { who: patientOf(a) }) },
      }}
      data-testid="select-request"
    />
  );
  const problem = (a: AppointmentView) => {
    const text = props.problemOf(a.appointment_id);
    return text ? (
      <Typography variant="body2" color="error" role="status" data-testid="request-problem">
        {translateText(text)}
      </Typography>
    ) : null;
  };
  if (!wide) {
    return (
      <Stack spacing={1.5} data-testid="request-list">
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Checkbox
            checked={all}
            indeterminate={some}
            onChange={(e) => props.onToggleAll(e.target.checked)}
            slotProps={{ input: { 'aria-label': t('workspace.requests.selectEvery') } }}
            data-testid="select-all-requests"
          />
          <Typography variant="body2">{t('workspace.requests.selectAll')}</Typography>
        </Box>
        {requests.map((a) => (
          <Paper
            key={a.appointment_id}
            variant="outlined"
            sx={{ p: 1.5, borderRadius: 2 }}
            data-testid="appointment-row"
            data-appointment={a.appointment_id}
          >
            <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
              {pick(a)}
              <Box sx={{ minWidth: 0, flex: 1, pt: 1 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  {patientOf(a)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {visitTime(a)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[a.provider_name, translateText(a.visit_type), a.reason]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {problem(a)}
                <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  {props.actions(a)}
                </Box>
              </Box>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('workspace.requests.listLabel')} data-testid="request-list">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', py: 1 } }}>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={some}
                onChange={(e) => props.onToggleAll(e.target.checked)}
                slotProps={{ input: { 'aria-label': t('workspace.requests.selectEvery') } }}
                data-testid="select-all-requests"
              />
            </TableCell>
            <TableCell>{t('workspace.table.dateTime')}</TableCell>
            <TableCell>{t('workspace.table.patient')}</TableCell>
            <TableCell>{t('workspace.table.provider')}</TableCell>
            <TableCell>{t('workspace.table.visit')}</TableCell>
            <TableCell align="right">{t('workspace.table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {requests.map((a) => (
            <TableRow
              key={a.appointment_id}
              hover
              selected={selected.has(a.appointment_id)}
              data-testid="appointment-row"
              data-appointment={a.appointment_id}
            >
              <TableCell padding="checkbox">{pick(a)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{visitTime(a)}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>
                {patientOf(a)}
                {problem(a)}
              </TableCell>
              <TableCell>{a.provider_name ?? '-'}</TableCell>
              <TableCell>
                {translateText(a.visit_type)}
                <Typography variant="body2" color="text.secondary" component="span">
                  {' · '}
                  {a.reason ?? translateText(scheduleLabel(a))}
                </Typography>
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'inline-flex', gap: 1 }}>{props.actions(a)}</Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
