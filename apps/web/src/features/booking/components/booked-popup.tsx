import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect } from 'react';
import { type BookedPopup as PopupKind, CHECK_IN_REDIRECT_MS } from '../booking-outcome';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly kind: PopupKind;
  /** The family member booked for, or null for the patient themself. */
  readonly memberName: string | null;
  readonly onManage: () => void;
  readonly onFindOthers: () => void;
  /** Goes to the check-in page, where the patient says "I'm here" once they have arrived. */
  readonly onCheckIn: () => void;
  /** The provider has digital check-in on: the patient may start it now (issue 20). */
  readonly onDigitalCheckIn?: () => void;
  /** The appointment's code for the front desk and the kiosk (see appointmentCode). */
  readonly code?: string;
  readonly redirectMs?: number;
}

/**
 * The popup after a successful booking: check-in, scheduled or request sent. None of them checks
 * the patient in: the check-in popup only leads to the check-in page.
 */
export function BookedPopup(props: Props) {
  const { t } = useTranslation();
  const { kind, memberName, onManage, onFindOthers, onCheckIn, code } = props;
  const redirectMs = props.redirectMs ?? CHECK_IN_REDIRECT_MS;
  useEffect(() => {
    if (kind !== 'check-in') return;
    const timer = setTimeout(onCheckIn, redirectMs);
    return () => clearTimeout(timer);
  }, [kind, onCheckIn, redirectMs]);

  switch (kind) {
    case 'none':
      return null;
    case 'check-in':
      return (
        <Dialog open onClose={onManage} aria-labelledby="booked-title">
          <DialogContent>
            <Stack spacing={2} sx={{ py: 2, px: 3, alignItems: 'center' }}>
              <CircularProgress aria-label={t('booking.popup.openingCheckIn')} />
              <Typography id="booked-title" variant="h6" component="h2">
                {t('booking.popup.checkingIn')}
              </Typography>
            </Stack>
          </DialogContent>
        </Dialog>
      );
    case 'scheduled':
      return (
        <Dialog open onClose={onManage} aria-labelledby="booked-title" maxWidth="xs" fullWidth>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 2, alignItems: 'center' }}>
              <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
              <Typography
                id="booked-title"
                variant="h6"
                component="h2"
                sx={{ textAlign: 'center' }}
              >
                {memberName
                  ? t('booking.popup.scheduledFor', { name: memberName })
                  : t('booking.popup.scheduled')}
              </Typography>
              {code && (
                <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
                  {t('booking.popup.code')}{' '}
                  <Box component="strong" sx={{ letterSpacing: 2 }} data-testid="booked-code">
                    {code}
                  </Box>
                </Typography>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={onManage}>
              {t('booking.popup.manage')}
            </Button>
            {props.onDigitalCheckIn && (
              <Button variant="contained" color="secondary" onClick={props.onDigitalCheckIn}>
                {t('booking.popup.digitalCheckIn')}
              </Button>
            )}
            <Button variant="outlined" onClick={onFindOthers}>
              {t('booking.findOtherDoctors')}
            </Button>
          </DialogActions>
        </Dialog>
      );
    case 'pending':
      return (
        <Dialog open onClose={onManage} aria-labelledby="booked-title" maxWidth="xs" fullWidth>
          <DialogTitle id="booked-title" sx={{ textAlign: 'center' }}>
            {t('booking.popup.requestSent')}
          </DialogTitle>
          <DialogContent>
            <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('booking.popup.review')}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
            <Button variant="contained" onClick={onManage}>
              {t('booking.continue')}
            </Button>
          </DialogActions>
        </Dialog>
      );
  }
}
