import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { wallClock } from '../slot-time';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly start: string | null;
  readonly facilityZone: string;
  readonly localZone: string;
  readonly onAnswer: (confirmed: boolean) => void;
}

/** Spec 2.9: confirm a slot picked from another time zone than the facility's. */
export function TimeZoneDialog({ start, facilityZone, localZone, onAnswer }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={start !== null}
      onClose={() => onAnswer(false)}
      aria-labelledby="time-zone-title"
      maxWidth="sm"
    >
      <DialogTitle id="time-zone-title">{t('calendar.zoneTitle')}</DialogTitle>
      {start && (
        <DialogContent>
          <Typography gutterBottom>{t('calendar.zoneText')}</Typography>
          <Typography gutterBottom>{t('calendar.zoneConfirm')}</Typography>
          <Typography gutterBottom>
            <strong>{t('calendar.yourTime')}</strong> {wallClock(start, localZone)}
          </Typography>
          <Typography gutterBottom>
            <strong>{t('calendar.facilityTime')}</strong> {wallClock(start, facilityZone)}
          </Typography>
          <Typography>{t('calendar.zoneSure')}</Typography>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={() => onAnswer(false)}>{t('calendar.no')}</Button>
        <Button variant="contained" onClick={() => onAnswer(true)}>
          {t('calendar.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
