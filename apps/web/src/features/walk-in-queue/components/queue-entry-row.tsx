import type { AppointmentStatus, WalkInQueueEntry } from '@medbook/contracts';
import { Avatar, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { queueActions } from '../queue-actions';

const STATUS_COLORS: Partial<Record<AppointmentStatus, 'primary' | 'success' | 'warning'>> = {
  'Checked-In': 'success',
  'Waiting-Room': 'warning',
  'In Progress': 'primary',
};

/** One patient on the board: place, name, arrival, status and the moves allowed from it. */
export function QueueEntryRow(props: {
  entry: WalkInQueueEntry;
  busy: boolean;
  onMove: (appointmentId: string, status: AppointmentStatus) => void;
}) {
  const { entry } = props;
  const { t } = useTranslation();
  const name =
    `${entry.patient_name.first_name ?? ''} ${entry.patient_name.last_name ?? ''}`.trim() ||
    t('walkIn.patient');
  const arrived = DateTime.fromISO(entry.arrived_at);
  return (
    <Box
      component="li"
      data-testid="queue-entry"
      data-appointment-id={entry.appointment_id}
      data-queue-index={entry.queue_index ?? ''}
      sx={{
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-child': { borderBottom: 0 },
      }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 1.5, md: 2 }}
        sx={{ alignItems: { md: 'center' } }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
          <Avatar
            sx={{
              bgcolor: entry.queue_index !== null ? 'primary.main' : 'grey.400',
              fontWeight: 700,
            }}
            aria-label={
              entry.queue_index !== null
                ? t('walkIn.number', { index: entry.queue_index })
                : t('walkIn.inVisit')
            }
          >
            {entry.queue_index ?? '•'}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('walkIn.arrived', {
                time: formatDate(arrived, 'h:mm a', { hour: 'numeric', minute: '2-digit' }),
                visitType: translateText(entry.visit_type),
              })}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={translateText(entry.status)}
            color={STATUS_COLORS[entry.status] ?? 'default'}
            variant={STATUS_COLORS[entry.status] ? 'filled' : 'outlined'}
            data-testid="queue-status"
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {queueActions(entry.status).map((action, n) => (
            <Button
              key={action.status}
              size="small"
              variant={n === queueActions(entry.status).length - 1 ? 'contained' : 'outlined'}
              disabled={props.busy}
              onClick={() => props.onMove(entry.appointment_id, action.status)}
              aria-label={t('walkIn.actionOf', { action: translateText(action.label), name })}
              sx={{ whiteSpace: 'nowrap', m: '0 !important' }}
            >
              {translateText(action.label)}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
