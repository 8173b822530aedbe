import { type AppointmentStatus, DASHBOARDS, type UserType } from '@medbook/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import PendingActions from '@mui/icons-material/PendingActions';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { bookedExplanation, bookedHeadline } from '../desk-booking-outcome';
import { translateText, useTranslation } from '../../../shared/i18n';

export const SCHEDULE_PATH = '/practice/schedule';

/** The booking made: what, for whom and when, and where the desk goes next. */
export function DeskBookedPanel(props: {
  status: AppointmentStatus;
  patientName: string;
  when: string;
  calendarName: string;
  reason: string | null;
  userType: UserType;
  onAnother: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const pending = props.status === 'Pending';
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
      data-testid="desk-booked"
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {pending ? (
            <PendingActions color="warning" fontSize="large" aria-hidden />
          ) : (
            <CheckCircle color="success" fontSize="large" aria-hidden />
          )}
          <Typography variant="h5" component="h2" tabIndex={-1} ref={heading}>
            {translateText(bookedHeadline(props.status))}
          </Typography>
        </Stack>
        <Typography color="text.secondary">
          {translateText(bookedExplanation(props.status))}
        </Typography>
        <Stack spacing={0.5}>
          <Typography sx={{ fontWeight: 600 }}>{props.patientName}</Typography>
          <Typography>
            {props.when} · {props.calendarName}
          </Typography>
          {props.reason && <Typography color="text.secondary">{props.reason}</Typography>}
          <Typography>
            {t('frontDesk.status')}{' '}
            <strong data-testid="desk-booked-status">{translateText(props.status)}</strong>
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="contained" component={RouterLink} to={SCHEDULE_PATH}>
            {t('frontDesk.backToSchedule')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={DASHBOARDS[props.userType]}>
            {t('frontDesk.appointments')}
          </Button>
          <Button onClick={props.onAnother}>{t('frontDesk.bookAnother')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
