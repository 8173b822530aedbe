import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';

interface Props {
  readonly open: boolean;
  readonly what: string;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onClose: () => void;
  readonly onConfirm: (reason: string) => void;
}

export function CancelDialog({ open, what, busy, error, onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-title" maxWidth="xs" fullWidth>
      <DialogTitle id="cancel-title">Cancel appointment?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{what}</Typography>
        <TextField
          label="Reason (optional)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Keep it</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          onClick={() => onConfirm(reason.trim())}
        >
          Cancel appointment
        </Button>
      </DialogActions>
    </Dialog>
  );
}
