import type { AppointmentStatus, ProviderWalkInQueue } from '@medbook/contracts';
import DirectionsWalk from '@mui/icons-material/DirectionsWalk';
import PersonAdd from '@mui/icons-material/PersonAdd';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { connection$ } from '../../../live/live-socket';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { useCommand } from '../../../shared/use-command';
import { walkInQueueApi } from '../api/walk-in-queue-api';
import { practiceQueue$ } from '../streams/walk-in-queue.stream';
import { AddWalkInDialog } from './add-walk-in-dialog';
import { QueueEntryRow } from './queue-entry-row';

/** The walk-in queue board: each provider's waiting patients in order, then visits in progress. */
export function WalkInQueuePage(props: { practiceId: string; providerId?: string }) {
  const [refresh, refresh$] = useObservableCallback<void>();
  const shown = useObservableState(
    useMemo(
      () => settled(practiceQueue$(props.practiceId, props.providerId, refresh$)),
      [props.practiceId, props.providerId, refresh$],
    ),
  );
  const board = shown?.value;
  const error = shown?.error;
  const connection = useObservableState(connection$);
  const [busy, setBusy] = useState<string | null>(null);
  const changeStatus = useCommand(walkInQueueApi.changeStatus);
  // Each opening of "Add walk-in" starts empty: the dialog is mounted afresh.
  const [adding, setAdding] = useState(0);
  const { t } = useTranslation();

  const move = async (appointmentId: string, status: AppointmentStatus) => {
    setBusy(appointmentId);
    const outcome = await changeStatus.run(appointmentId, status);
    setBusy(null);
    if (!outcome.ok) return toast.error(outcome.error);
    toast.success(t('walkIn.statusChanged', { status: translateText(status) }));
    refresh();
  };

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {t('walkIn.title')}
          </Typography>
          <Typography color="text.secondary">
            {props.providerId ? t('walkIn.ownIntro') : t('walkIn.practiceIntro')}
          </Typography>
        </div>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            alignSelf: { xs: 'stretch', sm: 'center' },
          }}
        >
          <Chip
            size="small"
            color={connection === 'live' ? 'success' : 'default'}
            variant="outlined"
            label={connection === 'live' ? t('walkIn.live') : t('walkIn.reconnecting')}
            data-testid="queue-connection"
          />
          <Button
            variant="contained"
            startIcon={<PersonAdd />}
            onClick={() => setAdding((n) => Math.abs(n) + 1)}
          >
            {t('walkIn.addWalkIn')}
          </Button>
        </Stack>
      </Stack>
      {adding > 0 && (
        <AddWalkInDialog
          key={adding}
          open
          practiceId={props.practiceId}
          providerId={props.providerId}
          onClose={() => setAdding((n) => -n)}
          onAdded={() => {
            setAdding((n) => -n);
            refresh();
          }}
        />
      )}
      {error !== undefined && (
        <Alert severity="error">{translateText(errorMessageOf(error))}</Alert>
      )}
      {!board && error === undefined && <CircularProgress aria-label={t('walkIn.loading')} />}
      {board && board.queues.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="queue-empty">
          <DirectionsWalk color="disabled" sx={{ fontSize: 40 }} aria-hidden />
          <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('walkIn.empty')}</Typography>
          <Typography color="text.secondary">{t('walkIn.emptyHint')}</Typography>
        </Paper>
      )}
      {board?.queues.map((queue) => (
        <ProviderQueue
          key={queue.provider_id ?? queue.resource_id}
          queue={queue}
          busy={busy}
          showName={!props.providerId}
          onMove={(id, status) => void move(id, status)}
        />
      ))}
    </Stack>
  );
}

function ProviderQueue(props: {
  queue: ProviderWalkInQueue;
  busy: string | null;
  showName: boolean;
  onMove: (appointmentId: string, status: AppointmentStatus) => void;
}) {
  const { queue } = props;
  const waiting = queue.entries.filter((e) => e.queue_index !== null);
  const seeing = queue.entries.filter((e) => e.queue_index === null);
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('walkIn.queueOf', { name: queue.provider_name ?? t('walkIn.provider') })}
      data-testid="provider-queue"
      sx={{ borderRadius: 2, overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{
          px: 2,
          py: 1.5,
          bgcolor: 'grey.50',
          alignItems: 'center',
          justifyContent: 'space-between',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {props.showName ? (queue.provider_name ?? t('walkIn.provider')) : t('walkIn.waitingLine')}
        </Typography>
        <Chip
          color="primary"
          size="small"
          label={t('walkIn.waiting', { count: queue.patients_in_queue })}
          data-testid="patients-in-queue"
        />
      </Stack>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="waiting-line">
        {waiting.map((entry) => (
          <QueueEntryRow
            key={entry.appointment_id}
            entry={entry}
            busy={props.busy === entry.appointment_id}
            onMove={props.onMove}
          />
        ))}
      </Box>
      {waiting.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2, py: 2 }}>
          {t('walkIn.nobodyWaiting')}
        </Typography>
      )}
      {seeing.length > 0 && (
        <>
          <Typography
            variant="overline"
            component="h3"
            color="text.secondary"
            sx={{ px: 2, pt: 1.5, display: 'block' }}
          >
            {t('walkIn.inProgress')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="in-progress">
            {seeing.map((entry) => (
              <QueueEntryRow
                key={entry.appointment_id}
                entry={entry}
                busy={props.busy === entry.appointment_id}
                onMove={props.onMove}
              />
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
