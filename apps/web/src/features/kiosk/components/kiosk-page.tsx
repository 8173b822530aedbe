import { BOOKING_MESSAGES, KIOSK_MESSAGES, type KioskAppointmentView } from '@medbook/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api-client';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { kioskApi } from '../api/kiosk-api';
import {
  EMPTY_LOOKUP,
  KIOSK_DONE_MS,
  KIOSK_IDLE_MS,
  type KioskLookupForm,
  kioskQuery,
} from '../kiosk-lookup';
import { KioskLookupFormView } from './kiosk-lookup-form';
import { KioskMatches } from './kiosk-matches';

type Stage =
  | { readonly kind: 'find' }
  | { readonly kind: 'matches'; readonly appointments: readonly KioskAppointmentView[] }
  | { readonly kind: 'done'; readonly firstName: string };

/**
 * The tablet at the practice's door: an arriving patient finds today's visit and checks in. It
 * starts over by itself after a check-in, and after a minute without a tap, so the next patient
 * never sees the last one's visit.
 */
export function KioskPage({ practiceId }: { practiceId: string }) {
  const [stage, setStage] = useState<Stage>({ kind: 'find' });
  const [form, setForm] = useState<KioskLookupForm>(EMPTY_LOOKUP);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useTranslation();

  const startOver = () => {
    setStage({ kind: 'find' });
    setForm(EMPTY_LOOKUP);
    setProblem(null);
    heading.current?.focus();
  };
  const untouched = stage.kind === 'find' && form === EMPTY_LOOKUP && !problem;
  useEffect(() => {
    if (untouched) return;
    const timer = setTimeout(startOver, stage.kind === 'done' ? KIOSK_DONE_MS : KIOSK_IDLE_MS);
    return () => clearTimeout(timer);
  }, [stage, form, problem, untouched]);

  const find = async () => {
    const asked = kioskQuery(form);
    if ('problem' in asked) {
      setProblem(asked.problem);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const found = await kioskApi.find(practiceId, asked.query);
      if (found.appointments.length === 0) setProblem(KIOSK_MESSAGES.notFound);
      else setStage({ kind: 'matches', appointments: found.appointments });
    } catch (cause) {
      setProblem(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };

  const checkIn = async (appointment: KioskAppointmentView) => {
    setBusy(true);
    setProblem(null);
    try {
      await kioskApi.checkIn(appointment.appointment_id);
      setStage({ kind: 'done', firstName: appointment.first_name });
    } catch (cause) {
      // Outside the calendar's window the API says the spec's 'Unable to check-in at the moment'.
      const refused = cause instanceof ApiError && cause.status === 409;
      setProblem(refused ? BOOKING_MESSAGES.checkInUnavailable : errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', py: { xs: 2, sm: 4 } }} data-testid="kiosk">
      {/* On a phone's width the card is the screen: no frame at its edges. */}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderWidth: { xs: 0, sm: 1 } }}>
        <Stack spacing={3}>
          <Typography
            variant="h4"
            component="h1"
            tabIndex={-1}
            ref={heading}
            sx={{ textAlign: 'center', fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
          >
            {stage.kind === 'done' ? t('kiosk.checkedIn') : t('kiosk.welcome')}
          </Typography>
          {stage.kind === 'find' && (
            <>
              <Typography sx={{ textAlign: 'center', fontSize: '1.1rem' }}>
                {t('kiosk.intro')}
              </Typography>
              {problem && (
                <Alert severity="warning" role="alert" sx={{ fontSize: '1.05rem' }}>
                  {translateText(problem)}
                </Alert>
              )}
              <KioskLookupFormView
                form={form}
                busy={busy}
                onChange={setForm}
                onSubmit={() => void find()}
              />
            </>
          )}
          {stage.kind === 'matches' && (
            <>
              {problem && (
                <Alert severity="warning" role="alert" sx={{ fontSize: '1.05rem' }}>
                  {translateText(problem)}
                  {problem === BOOKING_MESSAGES.checkInUnavailable && (
                    <>
                      <br />
                      {t('kiosk.askFrontDesk')}
                    </>
                  )}
                </Alert>
              )}
              <KioskMatches
                appointments={stage.appointments}
                busy={busy}
                onCheckIn={(a) => void checkIn(a)}
              />
              <Button
                variant="outlined"
                size="large"
                onClick={startOver}
                sx={{ minHeight: 56, fontSize: '1.1rem' }}
              >
                {t('kiosk.startOver')}
              </Button>
            </>
          )}
          {stage.kind === 'done' && (
            <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }} role="status">
              <CheckCircleIcon color="success" sx={{ fontSize: 96 }} aria-hidden />
              <Typography variant="h5" component="p" data-testid="kiosk-done">
                {t('kiosk.thanks', { name: stage.firstName })}
              </Typography>
              <Button
                variant="contained"
                size="large"
                onClick={startOver}
                sx={{ minHeight: 64, minWidth: 200, fontSize: '1.25rem' }}
              >
                {t('kiosk.done')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
