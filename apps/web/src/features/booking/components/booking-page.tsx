import { type HoldView, PAYMENT_MESSAGES, type PaymentMethodView } from '@medbook/contracts';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { bookingApi } from '../api/booking-api';
import type { BookingContext } from '../booking-context';
import { BookingWizard } from './booking-wizard';

/** /booking?calendar=&start=: holds the slot first, then runs the wizard. */
export function BookingPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const calendarId = params.get('calendar') ?? '';
  const start = params.get('start') ?? '';
  const user = currentUser();
  const [context, setContext] = useState<BookingContext | null>(null);
  const [hold, setHold] = useState<HoldView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!user || user.type !== 'Patient' || !calendarId || !start) return;
    let live = true;
    // The slot is held before anything else (spec: "Before the wizard ...").
    const held = bookingApi.hold(calendarId, start);
    Promise.all([
      bookingApi.calendar(calendarId),
      bookingApi.me(),
      bookingApi.familyMembers(user.id),
      bookingApi.insurances().then(
        (items) => items.map((item) => item.name),
        () => [] as string[],
      ),
      bookingApi.paymentSettings(calendarId).catch(() => null),
      // Spec 8: a failed card lookup is told, and booking continues.
      bookingApi.paymentMethods(user.id).then(
        (methods) => ({ cards: methods.data, error: null }),
        () => ({ cards: [] as PaymentMethodView[], error: PAYMENT_MESSAGES.cardLookupFailed }),
      ),
    ]).then(
      ([calendar, me, family, insurances, payment, cards]) => {
        if (live) {
          setContext({
            calendar,
            me,
            family,
            insurances,
            payment,
            savedCards: cards.cards,
            cardLookupError: cards.error,
          });
        }
      },
      (cause: unknown) => live && setFailure(errorMessageOf(cause)),
    );
    held.then(
      (view) => (live ? setHold(view) : void bookingApi.release(view).catch(() => undefined)),
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
    return <Alert severity="info">Appointments are booked online from a patient account.</Alert>;
  }
  if (!calendarId || !start) {
    return (
      <Alert severity="warning">Choose a time slot on a provider&apos;s calendar first.</Alert>
    );
  }
  if (failure) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto' }}>
        <Alert severity="error" data-testid="hold-error">
          {failure}
        </Alert>
        <Box>
          <Button variant="outlined" onClick={() => void navigate('/')}>
            Find other doctors
          </Button>
        </Box>
      </Stack>
    );
  }
  if (!context || !hold) {
    return (
      <Stack spacing={2} sx={{ py: 8, alignItems: 'center' }}>
        <CircularProgress aria-label="Holding your time slot" />
        <Typography color="text.secondary">Holding your time slot…</Typography>
      </Stack>
    );
  }
  return <BookingWizard context={context} start={start} initialHold={hold} />;
}
