import { BOOKING_MESSAGES, type AppointmentView } from '@medbook/contracts';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { api } from '../../../shared/api-client';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { patientAppointmentsApi } from '../api/patient-appointments-api';
import { CheckInPass } from './check-in-pass';

/** /patient/check-in?appointment_id=: checks the patient in and shows the pass. */
export function CheckInPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const appointmentId = params.get('appointment_id') ?? '';
  const user = currentUser();
  const [state, setState] = useState<
    { kind: 'working' } | { kind: 'done'; appointment: AppointmentView } | { kind: 'failed' }
  >({ kind: 'working' });
  useEffect(() => {
    if (!user || !appointmentId) return;
    let live = true;
    patientAppointmentsApi
      .checkIn(appointmentId)
      .then(() => api<AppointmentView>('GET', `/appointments/${encodeURIComponent(appointmentId)}`))
      .then(
        (appointment) => live && setState({ kind: 'done', appointment }),
        () => live && setState({ kind: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [user?.id, appointmentId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 480, mx: 'auto', alignItems: 'stretch' }}>
      <Typography variant="h4" component="h1">
        Check-in
      </Typography>
      {state.kind === 'working' && appointmentId && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-label="Checking in" />
          <Typography>Let&apos;s get you checked in...</Typography>
        </Stack>
      )}
      {(state.kind === 'failed' || !appointmentId) && (
        <Alert severity="warning">{BOOKING_MESSAGES.checkInUnavailable}</Alert>
      )}
      {state.kind === 'done' && <CheckInPass appointment={state.appointment} />}
      <Button component={RouterLink} to="/dashboard/patient" variant="outlined">
        Go to my appointments
      </Button>
    </Stack>
  );
}
