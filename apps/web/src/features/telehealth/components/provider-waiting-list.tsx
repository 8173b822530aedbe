import type { AppointmentView } from '@medbook/contracts';
import VideoCallIcon from '@mui/icons-material/VideoCall';
import { Button, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { toast } from '../../../shared/toast';
import { meetingApi } from '../api/meeting-api';
import { waitingPatients$ } from '../streams/meeting.stream';

/**
 * The provider's virtual waiting room: their video patients ready now, live, with how long each
 * has waited; Admit lets the patient in and opens the call.
 */
export function ProviderWaitingList({ practiceId }: { practiceId: string }) {
  const navigate = useNavigate();
  const listed = useObservableState(
    useMemo(() => settled(waitingPatients$(practiceId)), [practiceId]),
  );
  const [now, setNow] = useState(DateTime.now());
  const [busy, setBusy] = useState<string | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setInterval(() => setNow(DateTime.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const waiting = listed?.value?.appointments ?? [];

  const admit = async (appointment: AppointmentView) => {
    setBusy(appointment.appointment_id);
    try {
      const meeting = await meetingApi.view(appointment.appointment_id);
      const patient = meeting.participants.find(
        (p) => p.role === 'Patient' && p.state === 'waiting',
      );
      if (patient) await meetingApi.admit(appointment.appointment_id, patient.participant_id);
      await navigate(`/meeting/${appointment.appointment_id}`);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
      setBusy(null);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="virtual-waiting-title"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <VideoCallIcon color="primary" aria-hidden />
        <Typography id="virtual-waiting-title" variant="h6" component="h2">
          {t('videoVisit.waitingRoom')}
        </Typography>
      </Stack>
      {listed?.error !== undefined && (
        <Typography color="error">{translateText(errorMessageOf(listed.error))}</Typography>
      )}
      {waiting.length === 0 ? (
        <Typography color="text.secondary" data-testid="virtual-waiting-empty">
          {t('videoVisit.noneWaiting')}
        </Typography>
      ) : (
        <List dense data-testid="virtual-waiting">
          {waiting.map((a) => {
            const minutes = Math.max(
              0,
              Math.floor(now.diff(DateTime.fromISO(a.updated_at), 'minutes').minutes),
            );
            return (
              <ListItem
                key={a.appointment_id}
                disableGutters
                secondaryAction={
                  <Button
                    variant="contained"
                    size="small"
                    disabled={busy === a.appointment_id}
                    onClick={() => void admit(a)}
                    aria-label={t('videoVisit.admitOf', {
                      name: a.patient_name ?? t('videoVisit.patient'),
                    })}
                  >
                    {t('videoVisit.admit')}
                  </Button>
                }
              >
                <ListItemText
                  primary={a.patient_name ?? t('videoVisit.patient')}
                  secondary={t('videoVisit.waitingLine', {
                    when: formatDate(
                      DateTime.fromISO(a.start_date, { zone: a.time_zone }),
                      'EEE, MMM d · h:mm a',
                      {
                        weekday: 'short',
                        month: 'short',
                        day: 'numeric',
                        hour: 'numeric',
                        minute: '2-digit',
                      },
                    ),
                    waited:
                      minutes < 1
                        ? t('videoVisit.lessThanMinute')
                        : t('videoVisit.minutes', { count: minutes }),
                  })}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
