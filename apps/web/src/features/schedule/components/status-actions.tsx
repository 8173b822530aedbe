import {
  type AppointmentStatus,
  REJECT_REASON_MAX_LENGTH,
  STATUS_TRANSITIONS,
} from '@medbook/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n';

/** Changes that end the visit ask first; a rejection asks why (the patient sees it). */
const ASKS_FIRST: readonly AppointmentStatus[] = ['Canceled', 'Rejected', 'No-Show'];
const OUTLINED: readonly AppointmentStatus[] = ['Canceled', 'Rejected', 'No-Show'];

/** The changes the transition table allows from the appointment's status, one button each. */
export function StatusActions(props: {
  status: AppointmentStatus;
  patientName: string;
  busy: boolean;
  onChange: (status: AppointmentStatus, reason?: string) => void;
}) {
  const { t } = useTranslation();
  const actionLabel = (status: AppointmentStatus) => t(`schedule.actions.${status}`);
  const [asking, setAsking] = useState<AppointmentStatus | null>(null);
  const [reason, setReason] = useState('');
  const options = STATUS_TRANSITIONS[props.status];
  if (options.length === 0) return null;
  const forward = options.filter((s) => !OUTLINED.includes(s));
  const ending = options.filter((s) => OUTLINED.includes(s));
  const choose = (status: AppointmentStatus) => {
    if (ASKS_FIRST.includes(status)) {
      setReason('');
      setAsking(status);
    } else props.onChange(status);
  };
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="status-actions">
        {forward.map((status, index) => (
          <Button
            key={status}
            size="small"
            variant={index === 0 ? 'contained' : 'outlined'}
            disabled={props.busy}
            onClick={() => choose(status)}
            data-testid={`status-action-${status}`}
          >
            {actionLabel(status)}
          </Button>
        ))}
        {ending.map((status) => (
          <Button
            key={status}
            size="small"
            color="error"
            variant="outlined"
            disabled={props.busy}
            onClick={() => choose(status)}
            data-testid={`status-action-${status}`}
          >
            {actionLabel(status)}
          </Button>
        ))}
      </Stack>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} maxWidth="xs" fullWidth>
        <DialogTitle>
          {asking ? t('schedule.ask.title', { action: actionLabel(asking) }) : ''}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: asking === 'Rejected' ? 2 : 0 }}>
            {asking === 'No-Show'
              ? t('schedule.ask.noShow', { name: props.patientName })
              : asking === 'Rejected'
                ? t('schedule.ask.reject', { name: props.patientName })
                : t('schedule.ask.cancel', { name: props.patientName })}
          </DialogContentText>
          {asking === 'Rejected' && (
            <TextField
              autoFocus
              fullWidth
              required
              label={t('schedule.ask.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX_LENGTH } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>{t('schedule.ask.keep')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={asking === 'Rejected' && reason.trim() === ''}
            data-testid="status-confirm"
            onClick={() => {
              const status = asking;
              setAsking(null);
              if (status) props.onChange(status, status === 'Rejected' ? reason.trim() : undefined);
            }}
          >
            {asking ? actionLabel(asking) : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
