import type { AppointmentView } from '@medbook/contracts';
import {
  Box,
  Link,
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
import { Link as RouterLink } from 'react-router';
import { patientPagePath } from '../../../shared/role-paths';
import { scheduleLabel, visitTime } from '../workspace-rules';
import { StatusChip } from '../../../shared/status-chip';
import { translateText, useTranslation } from '../../../shared/i18n';

export interface ListActions {
  /** What each row offers: the status menu on the dashboard, Accept and Reject on requests. */
  readonly render: (appointment: AppointmentView) => ReactNode;
}

const patientOf = (a: AppointmentView) => a.patient_name ?? translateText('Unnamed patient');

/** The patient's name, a link to their page in the workspace. */
function PatientLink({ appointment }: { appointment: AppointmentView }) {
  const { t } = useTranslation();
  const name = patientOf(appointment);
  return (
    <Link
      component={RouterLink}
      to={patientPagePath(appointment.patient_id)}
      color="inherit"
      underline="hover"
      aria-label={t('practicePatient.openPatientOf', { name })}
      data-testid="appointment-patient-link"
    >
      {name}
    </Link>
  );
}

/** A table on wide screens; one card per appointment on a phone. */
export function AppointmentList(props: {
  appointments: readonly AppointmentView[];
  actions: ListActions;
  empty: string;
  showProvider: boolean;
}) {
  const theme = useTheme();
  const { t } = useTranslation();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  if (props.appointments.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 2 }}>
        <Typography color="text.secondary" data-testid="list-empty">
          {translateText(props.empty)}
        </Typography>
      </Paper>
    );
  }
  if (!wide) {
    return (
      <Stack spacing={1.5} data-testid="appointment-list">
        {props.appointments.map((a) => (
          <Paper
            key={a.appointment_id}
            variant="outlined"
            sx={{ p: 2, borderRadius: 2 }}
            data-testid="appointment-row"
            data-appointment={a.appointment_id}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }} noWrap>
                  <PatientLink appointment={a} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {visitTime(a)}
                </Typography>
              </Box>
              <Box>
                <StatusChip status={a.status} outlineFinished />
              </Box>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {[
                props.showProvider ? (a.provider_name ?? a.resource_name) : null,
                translateText(a.visit_type),
                translateText(scheduleLabel(a)),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            <Box sx={{ mt: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {props.actions.render(a)}
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ borderRadius: 2 }}>
      <Table size="small" aria-label={t('workspace.appointments')} data-testid="appointment-list">
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', py: 1.5 } }}>
            <TableCell>{t('workspace.table.dateTime')}</TableCell>
            <TableCell>{t('workspace.table.patient')}</TableCell>
            {props.showProvider && <TableCell>{t('workspace.table.provider')}</TableCell>}
            <TableCell>{t('workspace.table.visit')}</TableCell>
            <TableCell>{t('workspace.table.status')}</TableCell>
            <TableCell align="right">{t('workspace.table.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.appointments.map((a) => (
            <TableRow
              key={a.appointment_id}
              hover
              data-testid="appointment-row"
              data-appointment={a.appointment_id}
              sx={{ '& td': { py: 1.25 } }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{visitTime(a)}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>
                <PatientLink appointment={a} />
              </TableCell>
              {props.showProvider && (
                <TableCell>{a.provider_name ?? a.resource_name ?? '-'}</TableCell>
              )}
              <TableCell>
                {translateText(a.visit_type)}
                <Typography variant="body2" color="text.secondary" component="span">
                  {' · '}
                  {translateText(scheduleLabel(a))}
                </Typography>
              </TableCell>
              <TableCell>
                <StatusChip status={a.status} outlineFinished />
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'inline-flex', gap: 1 }}>{props.actions.render(a)}</Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
