import {
  WAITLIST_MESSAGES,
  WAITLIST_REMOVAL_REASON_MAX_LENGTH,
  type WaitlistItemView,
} from '@medbook/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { translateText, useTranslation } from '../../../shared/i18n';
import { patientLabel } from '../waitlist-lines';

/**
 * Asks before taking a patient off a calendar's line (they are told by email), with an optional
 * reason that the email gives and the practice's trail keeps.
 */
export function RemoveDialog(props: {
  readonly item: WaitlistItemView;
  readonly busy: boolean;
  readonly onRemove: (reason: string) => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const tooLong = reason.trim().length > WAITLIST_REMOVAL_REASON_MAX_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) props.onRemove(reason.trim());
  };
  const who = patientLabel(props.item, t);
  const calendar = props.item.calendar_name ?? t('practiceWaitlists.thisCalendar');
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby="remove-title"
      data-testid="remove-dialog"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id="remove-title">{t('practiceWaitlists.removeTitle', { who })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {props.item.offer?.status === 'Offered'
            ? t('practiceWaitlists.removeTextOffered', { who, calendar })
            : t('practiceWaitlists.removeText', { who, calendar })}{' '}
          {t('practiceWaitlists.toldByEmail')}
        </DialogContentText>
        <TextField
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
          label={t('practiceWaitlists.removeReason')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={tooLong}
          helperText={
            tooLong
              ? translateText(WAITLIST_MESSAGES.removalReasonTooLong)
              : `${t('practiceWaitlists.removeReasonHelp')} ${reason.trim().length}/${WAITLIST_REMOVAL_REASON_MAX_LENGTH}`
          }
          slotProps={{ htmlInput: { 'data-testid': 'remove-reason' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={props.busy}>
          {t('practiceWaitlists.keep')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={props.busy || tooLong}
          data-testid="confirm-remove"
        >
          {t('practiceWaitlists.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
