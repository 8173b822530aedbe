import type { WaitlistItemView } from '@medbook/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useTranslation } from '../../../shared/i18n';
import { patientLabel } from '../waitlist-lines';

/** Asks before taking a patient off a calendar's line (they are told by email). */
export function RemoveDialog(props: {
  readonly item: WaitlistItemView;
  readonly busy: boolean;
  readonly onRemove: () => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const who = patientLabel(props.item, t);
  const calendar = props.item.calendar_name ?? t('practiceWaitlists.thisCalendar');
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby="remove-title"
      data-testid="remove-dialog"
    >
      <DialogTitle id="remove-title">{t('practiceWaitlists.removeTitle', { who })}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {props.item.offer?.status === 'Offered'
            ? t('practiceWaitlists.removeTextOffered', { who, calendar })
            : t('practiceWaitlists.removeText', { who, calendar })}{' '}
          {t('practiceWaitlists.toldByEmail')}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={props.busy}>
          {t('practiceWaitlists.keep')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={props.onRemove}
          disabled={props.busy}
          data-testid="confirm-remove"
        >
          {t('practiceWaitlists.remove')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
