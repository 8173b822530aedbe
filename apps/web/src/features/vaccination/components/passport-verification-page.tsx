import {
  PASSPORT_TOKEN_PATTERN,
  type PassportVerificationView,
  VACCINATION_MESSAGES,
} from '@medbook/contracts';
import GppBad from '@mui/icons-material/GppBad';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import { Alert, AlertTitle, Paper, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { verifyPassport } from '../api/vaccination-api';
import { PassportDetails } from './passport-details';
import { Failed, Loading, PassportLayout } from './passport-layout';

type Check =
  | { readonly kind: 'checking' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'checked'; readonly result: PassportVerificationView };

const NOT_GENUINE: PassportVerificationView = {
  genuine: false,
  message: VACCINATION_MESSAGES.notGenuine,
  data: null,
};

/**
 * /vaccine-passport/{userId}/verification#<token>: what a verifier sees after scanning a QR code,
 * without signing in. The server checks the signature; the page shows its answer.
 */
export function PassportVerificationPage() {
  const { userId = '' } = useParams();
  const { t } = useTranslation();
  const { hash } = useLocation();
  const token = decodeURIComponent(hash.replace(/^#/, ''));
  // A link cut short or typed by hand is not a passport at all: no need to ask.
  const wellFormed = PASSPORT_TOKEN_PATTERN.test(token);
  const asked = `${userId}#${token}`;
  const [answer, setAnswer] = useState<{ asked: string; check: Check } | null>(null);

  useEffect(() => {
    if (!wellFormed) return;
    let live = true;
    verifyPassport(userId, token).then(
      (result) => live && setAnswer({ asked, check: { kind: 'checked', result } }),
      (error: unknown) =>
        live &&
        setAnswer({
          asked,
          check: {
            kind: 'failed',
            message: errorMessageOf(error, 'The passport could not be checked. Please try again.'),
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [userId, token, asked, wellFormed]);

  const check: Check = !wellFormed
    ? { kind: 'checked', result: NOT_GENUINE }
    : answer?.asked === asked
      ? answer.check
      : { kind: 'checking' };

  return (
    <PassportLayout title={t('vaccination.verificationTitle')}>
      {check.kind === 'checking' && <Loading label={t('vaccination.checking')} />}
      {check.kind === 'failed' && <Failed message={translateText(check.message)} />}
      {check.kind === 'checked' && (
        <Stack spacing={3}>
          <Alert
            severity={check.result.genuine ? 'success' : 'error'}
            icon={check.result.genuine ? <VerifiedUser /> : <GppBad />}
            variant="filled"
            data-testid={check.result.genuine ? 'passport-genuine' : 'passport-not-genuine'}
            role="status"
          >
            <AlertTitle sx={{ fontWeight: 700 }}>
              {check.result.genuine
                ? t('vaccination.genuineTitle')
                : t('vaccination.notGenuineTitle')}
            </AlertTitle>
            {translateText(check.result.message)}
          </Alert>
          {check.result.data && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
              <PassportDetails data={check.result.data} />
            </Paper>
          )}
        </Stack>
      )}
    </PassportLayout>
  );
}
