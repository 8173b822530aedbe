import { type HoldView, PAYMENT_MESSAGES, type PaymentMethodView } from '@medbook/contracts';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { bookingApi } from '../api/booking-api';
import type { BookingContext } from '../booking-context';
import {
  type BookingSession,
  holdExpired,
  leaveWizard,
  readBookingSession,
  writeBookingSession,
} from '../booking-session';
import { stageForPath } from '../booking-stage-paths';
import { BookingWizard } from './booking-wizard';
import { useTranslation } from '../../../shared/i18n';
import { newCommandId } from '../../../shared/command-id';

/** What the wizard reads before it opens (again, on a reload). */
async function loadContext(calendarId: string, userId: string): Promise<BookingContext> {
  const [calendar, me, family, insurances, payment, cards] = await Promise.all([
    bookingApi.calendar(calendarId),
    bookingApi.me(),
    bookingApi.familyMembers(userId),
    bookingApi.insurances().then(
      (items) => items.map((item) => item.name),
      () => [] as string[],
    ),
    bookingApi.paymentSettings(calendarId).catch(() => null),
    // Spec 8: a failed card lookup is told, and booking continues.
    bookingApi.paymentMethods(userId).then(
      (methods) => ({ cards: methods.data, error: null }),
      () => ({ cards: [] as PaymentMethodView[], error: PAYMENT_MESSAGES.cardLookupFailed }),
    ),
  ]);
  return {
    calendar,
    me,
    family,
    insurances,
    payment,
    savedCards: cards.cards,
    cardLookupError: cards.error,
  };
}

/**
 * Every stage's address (/book/..., /screening-form, /verification/phone-verify) renders this
 * one route, so the wizard stays mounted from stage to stage; a reload re-reads the hold.
 */
export function BookingWizardRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const user = currentUser();
  const stage = stageForPath(location.pathname);
  const [session, setSession] = useState<BookingSession | null>(() => readBookingSession());
  const [context, setContext] = useState<BookingContext | null>(null);
  const [hold, setHold] = useState<HoldView | null>(null);
  const [expired, setExpired] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const holdCommandId = session?.holdCommandId;
  // One object per hold: the wizard writes its answers back whenever this changes.
  const wizardSession = useMemo(
    () => (session && hold ? { ...session, hold } : null),
    [session, hold],
  );

  useEffect(() => {
    if (!user || user.type !== 'Patient' || !session) return;
    let live = true;
    loadContext(session.calendarId, user.id).then(
      (loaded) => live && setContext(loaded),
      (cause: unknown) => live && setFailure(errorMessageOf(cause)),
    );
    return () => {
      live = false;
    };
  }, [user?.id, user?.type, session?.calendarId]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!user || user.type !== 'Patient' || !session) return;
    let live = true;
    // The same command id answers with the hold it made: its id and when it ends.
    bookingApi.hold(session.calendarId, session.start, undefined, session.holdCommandId).then(
      (view) => {
        if (!live) return;
        if (holdExpired(view)) {
          setExpired(true);
          return;
        }
        setExpired(false);
        setHold(view);
      },
      (cause: unknown) => live && setFailure(errorMessageOf(cause)),
    );
    return () => {
      live = false;
    };
  }, [user?.id, user?.type, holdCommandId]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  if (user.type !== 'Patient') {
    return <Alert severity="info">{t('booking.patientOnly')}</Alert>;
  }
  if (!session || !stage) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert severity="warning">{t('booking.chooseSlotFirst')}</Alert>
        <Box>
          <Button variant="outlined" onClick={() => void navigate('/')}>
            {t('booking.findOtherDoctors')}
          </Button>
        </Box>
      </Stack>
    );
  }
  const cancel = () => leaveWizard(navigate, session.returnIdx);
  if (failure) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert severity="error" data-testid="hold-error">
          {failure}
        </Alert>
        <Box>
          <Button variant="outlined" onClick={cancel}>
            {t('booking.cancel')}
          </Button>
        </Box>
      </Stack>
    );
  }
  if (expired) {
    const holdAgain = () => {
      setBusy(true);
      const commandId = newCommandId();
      bookingApi
        .hold(session.calendarId, session.start, undefined, commandId)
        .then(
          (view) => {
            const next = { ...session, holdCommandId: commandId, hold: view };
            writeBookingSession(next);
            setSession(next);
            setExpired(false);
            setHold(view);
          },
          (cause: unknown) => setFailure(errorMessageOf(cause)),
        )
        .finally(() => setBusy(false));
    };
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }} data-testid="hold-expired">
        <Typography variant="h5" component="h1">
          {t('booking.holdEndedTitle')}
        </Typography>
        <Alert severity="warning">{t('booking.holdEndedText')}</Alert>
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={holdAgain} disabled={busy}>
            {t('booking.holdAgain')}
          </Button>
          <Button onClick={cancel}>{t('booking.cancel')}</Button>
        </Stack>
      </Stack>
    );
  }
  if (!context || !hold || !wizardSession) {
    return (
      <Stack spacing={2} sx={{ py: 8, alignItems: 'center' }}>
        <CircularProgress aria-label={t('booking.holding')} />
        <Typography color="text.secondary">{t('booking.holdingText')}</Typography>
      </Stack>
    );
  }
  return (
    <BookingWizard
      key={hold.hold_id}
      context={context}
      session={wizardSession}
      stageInUrl={stage}
    />
  );
}
