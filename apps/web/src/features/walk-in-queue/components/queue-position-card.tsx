import type { AppointmentStatus } from '@medbook/contracts';
import DirectionsWalk from '@mui/icons-material/DirectionsWalk';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { settled } from '../../../live/settled';
import { queuePlaceText } from '../queue-actions';
import { queuePosition$ } from '../streams/walk-in-queue.stream';
import { translateText, useTranslation } from '../../../shared/i18n';

/** A walk-in patient's live place in line, inside their appointment card. */
export function QueuePositionCard({
  appointmentId,
  status,
}: {
  appointmentId: string;
  status: AppointmentStatus;
}) {
  const { t } = useTranslation();
  const place = useObservableState(
    useMemo(() => settled(queuePosition$(appointmentId)), [appointmentId]),
  );
  if (place?.error !== undefined) return null;
  const value = place?.value;
  const index = value ? value.queue_index : null;
  const current = value?.status ?? status;
  const waiting = index !== null;
  return (
    <Alert
      icon={<DirectionsWalk />}
      severity={waiting ? 'info' : 'success'}
      variant="outlined"
      data-testid="queue-position"
      data-queue-index={index ?? ''}
      aria-live="polite"
      sx={{ mt: 1.5, alignItems: 'center' }}
    >
      {!value ? (
        <Typography variant="body2">{t('visits.findingPlace')}</Typography>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {waiting && (
            <Box
              aria-hidden
              sx={{
                minWidth: 44,
                height: 44,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontWeight: 700,
                fontSize: 20,
              }}
            >
              {index}
            </Box>
          )}
          <div>
            <Typography sx={{ fontWeight: 600 }} data-testid="queue-position-text">
              {index !== null
                ? t('visits.numberInLine', { index })
                : translateText(queuePlaceText(index, current))}
            </Typography>
            {waiting && (
              <Typography variant="body2" color="text.secondary">
                {index === 1
                  ? t('visits.youAreNext')
                  : t('visits.ahead', { count: (index ?? 1) - 1 })}
              </Typography>
            )}
          </div>
        </Stack>
      )}
    </Alert>
  );
}
