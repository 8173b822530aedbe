import { BOOKING_MESSAGES, type CheckInPassView } from '@medbook/contracts';
import { Alert, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { patientAppointmentsApi } from '../api/patient-appointments-api';
import { CheckInPass } from './check-in-pass';
import { useTranslation } from '../../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../../shared/i18n/dates';

/** Statuses from which the patient may still check in. */
const ARRIVING: readonly string[] = ['Scheduled', 'Confirmed', 'Accepted'];

type PageState =
  { kind: 'loading' } | { kind: 'ready'; pass: CheckInPassView } | { kind: 'missing' };

/**
 * /patient/check-in?appointment_id=: the visit and its check-in window; the patient says "I'm
 * here" when they have arrived (nothing checks them in before), then shows the pass.
 */
export function CheckInPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const appointmentId = params.get('appointment_id') ?? '';
  const { t } = useTranslation();
  const user = currentUser();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (!user || !appointmentId) return;
    let live = true;
    patientAppointmentsApi.pass(appointmentId).then(
      (pass) => live && setState({ kind: 'ready', pass }),
      () => live && setState({ kind: 'missing' }),
    );
    return () => {
      live = false;
    };
  }, [user?.id, appointmentId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }

  const arrive = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await patientAppointmentsApi.checkIn(appointmentId);
      setState({
        kind: 'ready',
        pass: await patientAppointmentsApi.pass(appointmentId, answer.position),
      });
    } catch (cause) {
      setRefusal(errorMessageOf(cause, BOOKING_MESSAGES.checkInUnavailable));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 480, mx: 'auto', alignItems: 'stretch' }}>
      <Typography variant="h4" component="h1">
        {t('dashboard.checkIn')}
      </Typography>
      {state.kind === 'loading' && appointmentId && (
        <CircularProgress
          aria-label={t('dashboard.loadingAppointment')}
          sx={{ alignSelf: 'center' }}
        />
      )}
      {(state.kind === 'missing' || !appointmentId) && (
        <Alert severity="warning">{BOOKING_MESSAGES.checkInUnavailable}</Alert>
      )}
      {state.kind === 'ready' && state.pass.status === 'Checked-In' && (
        <CheckInPass appointment={state.pass} />
      )}
      {state.kind === 'ready' && state.pass.status !== 'Checked-In' && (
        <Arrival pass={state.pass} busy={busy} refusal={refusal} onArrive={() => void arrive()} />
      )}
      <Button component={RouterLink} to="/dashboard/patient" variant="outlined">
        {t('dashboard.goToAppointments')}
      </Button>
    </Stack>
  );
}

/** The visit, when check-in opens and closes, and the patient's "I'm here". */
function Arrival(props: {
  pass: CheckInPassView;
  busy: boolean;
  refusal: string | null;
  onArrive: () => void;
}) {
  const { pass } = props;
  const zone = pass.time_zone;
  const start = DateTime.fromISO(pass.start_date, { zone });
  const { t } = useTranslation();
  const time = (iso: string) =>
    formatDate(DateTime.fromISO(iso, { zone }), 'h:mm a', DATE_FORMATS.time);
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="check-in-arrival">
      <Stack spacing={2}>
        {pass.patient_name && (
          <Typography variant="h6" component="p" data-testid="pass-patient">
            {pass.patient_name}
          </Typography>
        )}
        <Typography data-testid="pass-visit">
          {[
            pass.provider_name,
            formatDate(start, 'EEEE, MMMM d', DATE_FORMATS.weekdayMonthDay),
            formatDate(start, 'h:mm a', DATE_FORMATS.time),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Typography color="text.secondary" data-testid="check-in-window">
          {t('dashboard.checkInWindow', {
            from: time(pass.check_in_opens_at),
            to: time(pass.check_in_closes_at),
          })}
        </Typography>
        {props.refusal && (
          <Alert severity="warning" role="alert">
            {props.refusal}
          </Alert>
        )}
        {ARRIVING.includes(pass.status) ? (
          <Button
            variant="contained"
            size="large"
            onClick={props.onArrive}
            disabled={props.busy}
            sx={{ minHeight: 56, fontSize: '1.1rem' }}
          >
            {t('dashboard.imHere')}
          </Button>
        ) : (
          <Alert severity="info">
            {t('dashboard.cannotCheckIn', { status: t(`dashboard.status.${pass.status}`) })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
