import { REJECT_REASON_MAX_LENGTH } from '@medbook/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { translateText, useTranslation } from '../../../shared/i18n';
import { reasonError } from '../request-decisions';

/**
 * Asks before rejecting one request or several, with the reason the patient will read on their
 * appointment (required, at most 500 characters).
 */
export function RejectDialog(props: {
  /** The patients whose requests are rejected (one name, or how many). */
  readonly who: string;
  readonly count: number;
  readonly busy: boolean;
  readonly onConfirm: (reason: string) => void;
  readonly onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const error = reasonError(reason);
  const plural = props.count > 1;
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="reject-title"
      data-testid="reject-dialog"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (!error) props.onConfirm(reason.trim());
        }}
      >
        <DialogTitle id="reject-title">
          {plural
            ? t('workspace.reject.titleMany', { count: props.count })
            : t('workspace.reject.titleOne', { who: props.who })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {plural ? t('workspace.reject.textMany') : t('workspace.reject.textOne')}
          </DialogContentText>
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={3}
            label={t('workspace.reject.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={tried && error !== null}
            helperText={
              tried && error
                ? translateText(error)
                : `${reason.trim().length}/${REJECT_REASON_MAX_LENGTH}`
            }
            slotProps={{ htmlInput: { 'data-testid': 'reject-reason' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={props.onClose} disabled={props.busy}>
            {plural ? t('workspace.reject.keepThem') : t('workspace.reject.keepIt')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={props.busy}
            data-testid="confirm-reject"
          >
            {plural
              ? t('workspace.requests.rejectN', { count: props.count })
              : t('workspace.requests.reject')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
