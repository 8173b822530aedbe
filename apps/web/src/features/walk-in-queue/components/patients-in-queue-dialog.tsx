import CloseIcon from '@mui/icons-material/Close';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from '../../../shared/i18n';

/** Spec 2.13: shown before a provider with waiting walk-ins logs out. */
export function PatientsInQueueDialog(props: {
  open: boolean;
  count: number;
  busy?: boolean;
  onLogout: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={props.open}
      onClose={props.onStay}
      aria-labelledby="patients-in-queue-title"
      data-testid="patients-in-queue-dialog"
      slotProps={{ paper: { sx: { width: 420, maxWidth: 'calc(100% - 32px)', borderRadius: 3 } } }}
    >
      <DialogTitle id="patients-in-queue-title" sx={{ pr: 6, fontWeight: 700 }}>
        {t('walkIn.leave.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('walkIn.leave.close')}
        onClick={props.onStay}
        sx={{ position: 'absolute', right: 8, top: 8 }}
        data-testid="patients-in-queue-close"
      >
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'warning.light', color: 'warning.contrastText' }} aria-hidden>
            <PeopleAltOutlined />
          </Avatar>
          <div>
            <Typography sx={{ fontWeight: 600 }} data-testid="patients-in-queue-count">
              {t('walkIn.leave.count', { count: props.count })}
            </Typography>
            <Typography color="text.secondary">{t('walkIn.leave.question')}</Typography>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button variant="outlined" onClick={props.onLogout} disabled={props.busy}>
          {t('walkIn.leave.logout')}
        </Button>
        <Button variant="contained" onClick={props.onStay} autoFocus>
          {t('walkIn.leave.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
