import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { bookingApi } from '../api/booking-api';
import {
  EMPTY_ANSWERS,
  historyIndex,
  readBookingSession,
  writeBookingSession,
} from '../booking-session';
import { STAGE_PATHS } from '../booking-stage-paths';
import { useTranslation } from '../../../shared/i18n';
import { newCommandId } from '../../../shared/command-id';

/**
 * /booking?calendar=&start=: the entry from a calendar's slot. The slot is held first (spec:
 * "Before the wizard ..."), then the wizard opens at its first stage's own address.
 */
export function BookingPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const calendarId = params.get('calendar') ?? '';
  const start = params.get('start') ?? '';
  const user = currentUser();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!user || user.type !== 'Patient' || !calendarId || !start) return;
    let live = true;
    const earlier = readBookingSession();
    // The same slot asked again (a double mount): the same command id answers with the same hold.
    const same = earlier && earlier.calendarId === calendarId && earlier.start === start;
    const holdCommandId = same ? earlier.holdCommandId : newCommandId();
    const returnIdx = historyIndex();
    bookingApi.hold(calendarId, start, undefined, holdCommandId).then(
      (hold) => {
        if (!live) return;
        writeBookingSession({
          calendarId,
          start,
          holdCommandId,
          hold,
          returnIdx: returnIdx !== null && returnIdx > 0 ? returnIdx : null,
          furthest: null,
          smsListed: null,
          answers: EMPTY_ANSWERS,
        });
        void navigate(STAGE_PATHS.BOOKING_FORM, { replace: true });
      },
      (cause: unknown) => live && setFailure(errorMessageOf(cause)),
    );
    return () => {
      live = false;
    };
  }, [user?.id, user?.type, calendarId, start]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  if (user.type !== 'Patient') {
    return <Alert severity="info">{t('booking.patientOnly')}</Alert>;
  }
  if (!calendarId || !start) {
    return <Alert severity="warning">{t('booking.chooseSlotFirst')}</Alert>;
  }
  if (failure) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert severity="error" data-testid="hold-error">
          {failure}
        </Alert>
        <Box>
          <Button variant="outlined" onClick={() => void navigate('/')}>
            {t('booking.findOtherDoctors')}
          </Button>
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ py: 8, alignItems: 'center' }}>
      <CircularProgress aria-label={t('booking.holding')} />
      <Typography color="text.secondary">{t('booking.holdingText')}</Typography>
    </Stack>
  );
}
