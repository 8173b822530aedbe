import { DIGITAL_CHECK_IN_MESSAGES as M, type DigitalCheckInView } from '@medbook/contracts';
import { Alert, AlertTitle, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi } from '../api/digital-check-in-api';
import { Section } from './check-in-section';

export function ArriveStep(props: { view: DigitalCheckInView; onChanged: (p: number) => void }) {
  const { view, onChanged } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const label = view.settings.i_have_arrived_text.trim() || t('checkIn.iHaveArrived');
  const arrive = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await digitalCheckInApi.announceArrival(view.appointment_id);
      toast.success(answer.awaiting_entry ? M.waitForEntry : M.arrivalRecorded);
      onChanged(answer.position);
    } catch (cause) {
      setError(errorMessageOf(cause, M.unableToCheckIn));
    } finally {
      setBusy(false);
    }
  };
  const { arrival } = view;
  return (
    <Section
      title={t('checkIn.arrival')}
      done={view.arrived || arrival.announced_at !== null}
      testId="arrive-step"
    >
      {arrival.ready_text ? (
        <Alert severity="success" data-testid="ready-text">
          {translateText(arrival.ready_text)}
        </Alert>
      ) : arrival.awaiting_entry ? (
        <Alert severity="info" data-testid="waiting-for-entry">
          <AlertTitle>{t('checkIn.waitingForEntry')}</AlertTitle>
          {translateText(M.waitForEntry)}
        </Alert>
      ) : view.arrived ? (
        <Typography>{t('checkIn.checkedIn')}</Typography>
      ) : (
        <Stack spacing={1.5}>
          <Typography>{t('checkIn.letThemKnow')}</Typography>
          {error && <Alert severity="error">{translateText(error)}</Alert>}
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void arrive()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {label}
          </Button>
        </Stack>
      )}
    </Section>
  );
}
