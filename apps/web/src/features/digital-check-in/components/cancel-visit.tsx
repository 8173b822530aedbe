import { type DigitalCheckInView } from '@medbook/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi } from '../api/digital-check-in-api';

/**
 * Cancel from the check-in (allow_cancel_appointment); with enable_cancellation_message the
 * patient may leave the practice a message (the cancellation's reason).
 */
export function CancelVisit({ view }: { view: DigitalCheckInView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withMessage = view.settings.enable_cancellation_message;
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      await digitalCheckInApi.cancel(view.appointment_id, withMessage ? message.trim() : '');
      toast.success(t('checkIn.canceled'));
      void navigate('/dashboard/patient');
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('checkIn.cancelVisit')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="cancel-visit-title"
        maxWidth="xs"
        fullWidth
      >
        <DialogTitle id="cancel-visit-title">{t('checkIn.cancelTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {withMessage && (
              <TextField
                label={t('checkIn.cancelMessage')}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 500 } }}
                multiline
                minRows={2}
                fullWidth
              />
            )}
            {error && <Alert severity="error">{translateText(error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('checkIn.keepVisit')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void cancel()}>
            {t('checkIn.cancelVisit')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
