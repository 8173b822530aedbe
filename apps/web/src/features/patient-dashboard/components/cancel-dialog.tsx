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
import { useTranslation } from '../../../shared/i18n';

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
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-title" maxWidth="xs" fullWidth>
      <DialogTitle id="cancel-title">{t('dashboard.cancelTitle')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{what}</Typography>
        <TextField
          label={t('dashboard.reasonOptional')}
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
        <Button onClick={onClose}>{t('dashboard.keepIt')}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={busy}
          onClick={() => onConfirm(reason.trim())}
        >
          {t('dashboard.cancelAppointment')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
