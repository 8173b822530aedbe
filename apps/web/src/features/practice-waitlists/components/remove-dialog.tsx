import type { WaitlistItemView } from '@medbook/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { patientLabel } from '../waitlist-lines';

/** Asks before taking a patient off a calendar's line (they are told by email). */
export function RemoveDialog(props: {
  readonly item: WaitlistItemView;
  readonly busy: boolean;
  readonly onRemove: () => void;
  readonly onClose: () => void;
}) {
  const who = patientLabel(props.item);
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby="remove-title"
      data-testid="remove-dialog"
    >
      <DialogTitle id="remove-title">Remove {who} from the waiting list?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {who} leaves the waiting list of {props.item.calendar_name ?? 'this calendar'}
          {props.item.offer?.status === 'Offered' ? ', and the slot held for them is released' : ''}
          . They are told by email.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose} disabled={props.busy}>
          Keep
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={props.onRemove}
          disabled={props.busy}
          data-testid="confirm-remove"
        >
          Remove
        </Button>
      </DialogActions>
    </Dialog>
  );
}
