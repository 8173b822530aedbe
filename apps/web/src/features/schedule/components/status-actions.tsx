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

/** What each change is called on its button (the spec's statuses, said as front desk actions). */
const ACTION_LABELS: Record<AppointmentStatus, string> = {
  Accepted: 'Accept',
  Rejected: 'Reject',
  Confirmed: 'Confirm',
  'Checked-In': 'Check in',
  'Waiting-Room': 'To waiting room',
  'In Progress': 'Start visit',
  'Checked-Out': 'Check out',
  'No-Show': 'No-show',
  Canceled: 'Cancel visit',
  Pending: 'Make pending',
  Scheduled: 'Schedule',
  'Waiting-List': 'Waiting list',
};

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
            {ACTION_LABELS[status]}
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
            {ACTION_LABELS[status]}
          </Button>
        ))}
      </Stack>
      <Dialog open={asking !== null} onClose={() => setAsking(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{asking ? `${ACTION_LABELS[asking]}?` : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: asking === 'Rejected' ? 2 : 0 }}>
            {asking === 'No-Show'
              ? `Mark ${props.patientName} as not having come?`
              : asking === 'Rejected'
                ? `Reject ${props.patientName}'s request. The patient sees the reason on their appointment.`
                : `Cancel ${props.patientName}'s appointment? The place becomes free again.`}
          </DialogContentText>
          {asking === 'Rejected' && (
            <TextField
              autoFocus
              fullWidth
              required
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              slotProps={{ htmlInput: { maxLength: REJECT_REASON_MAX_LENGTH } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Keep it</Button>
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
            {asking ? ACTION_LABELS[asking] : ''}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
