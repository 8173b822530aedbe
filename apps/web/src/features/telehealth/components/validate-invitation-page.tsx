import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { adoptMeetingGuest } from '../../../shared/session';
import { meetingApi } from '../api/meeting-api';

/**
 * The spec's `validate` route (join a televisit): a guest's invitation link. Its token is
 * exchanged once for a guest identity in this visit, then the guest checks their devices.
 */
export function ValidateInvitationPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const token = params.get('token') ?? '';
  const { t } = useTranslation();

  useEffect(() => {
    let gone = false;
    meetingApi.redeem(token).then(
      (redeemed) => {
        if (gone) return;
        adoptMeetingGuest(redeemed);
        void navigate(`/meeting/readiness/${redeemed.appointment_id}`, { replace: true });
      },
      (cause: unknown) => !gone && setError(errorMessageOf(cause)),
    );
    return () => {
      gone = true;
    };
  }, [token, navigate]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', width: '100%', textAlign: 'center' }}>
      <Typography variant="h4" component="h1">
        {t('videoVisit.joinTitle')}
      </Typography>
      {error ? (
        <Alert severity="error" data-testid="invitation-error" sx={{ textAlign: 'left' }}>
          {translateText(error)}
        </Alert>
      ) : (
        <CircularProgress aria-label={t('videoVisit.checkingInvitation')} sx={{ mx: 'auto' }} />
      )}
    </Stack>
  );
}
