import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { wallClock } from '../slot-time';

interface Props {
  readonly start: string | null;
  readonly facilityZone: string;
  readonly localZone: string;
  readonly onAnswer: (confirmed: boolean) => void;
}

/** Spec 2.9: confirm a slot picked from another time zone than the facility's. */
export function TimeZoneDialog({ start, facilityZone, localZone, onAnswer }: Props) {
  return (
    <Dialog
      open={start !== null}
      onClose={() => onAnswer(false)}
      aria-labelledby="time-zone-title"
      maxWidth="sm"
    >
      <DialogTitle id="time-zone-title">Time Zone Difference</DialogTitle>
      {start && (
        <DialogContent>
          <Typography gutterBottom>
            You are currently located in a different time zone from the selected facility.
          </Typography>
          <Typography gutterBottom>Please confirm the selected time slot.</Typography>
          <Typography gutterBottom>
            <strong>Your Time:</strong> {wallClock(start, localZone)}
          </Typography>
          <Typography gutterBottom>
            <strong>Facility Time:</strong> {wallClock(start, facilityZone)}
          </Typography>
          <Typography>Are you sure you want to continue with this selection?</Typography>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>No</Button>
        <Button variant="contained" onClick={() => onAnswer(true)}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
