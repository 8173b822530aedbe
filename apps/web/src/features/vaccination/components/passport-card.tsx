import { VACCINATION_MESSAGES, type VaccinationPassportView } from '@medbook/contracts';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import VerifiedUser from '@mui/icons-material/VerifiedUser';
import { Alert, Box, Button, Link, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { translateText, useTranslation } from '../../../shared/i18n';
import { emailPassportLink } from '../api/vaccination-api';
import { PassportDetails } from './passport-details';

/** The QR code's link: the public verification page on this site, the signed data in its hash. */
export const verificationUrl = (passport: VaccinationPassportView): string =>
  `${window.location.origin}${passport.verification_path}`;

function PassportQrCode({ url, name }: { url: string; name: string }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then(
      (data) => live && setImage(data),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <Alert severity="warning">{t('vaccination.qrFailed')}</Alert>;
  if (!image) return <Skeleton variant="rectangular" width={240} height={240} />;
  return (
    <Box
      component="img"
      src={image}
      alt={t('vaccination.qrAlt', { name })}
      data-testid="passport-qr"
      sx={{ width: 240, height: 240, display: 'block' }}
    />
  );
}

/** Sends the passport's link to its holder's account email, and says so (or why not). */
function EmailLinkButton({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<
    { kind: 'idle' | 'sending' } | { kind: 'sent' } | { kind: 'failed'; error: string }
  >({ kind: 'idle' });
  const send = () => {
    setState({ kind: 'sending' });
    emailPassportLink(patientId).then(
      () => setState({ kind: 'sent' }),
      (error: unknown) =>
        setState({ kind: 'failed', error: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', maxWidth: 240 }}>
      <Button
        variant="outlined"
        size="small"
        startIcon={<EmailOutlined />}
        onClick={send}
        disabled={state.kind === 'sending'}
        data-testid="passport-email-link"
      >
        {state.kind === 'sending' ? t('vaccination.emailingLink') : t('vaccination.emailLink')}
      </Button>
      <Box role="status" aria-live="polite">
        {state.kind === 'sent' && (
          <Alert severity="success" data-testid="passport-email-sent">
            {translateText(VACCINATION_MESSAGES.linkSent)}
          </Alert>
        )}
        {state.kind === 'failed' && <Alert severity="error">{translateText(state.error)}</Alert>}
      </Box>
    </Stack>
  );
}

/** A passport as its holder shows it: the QR code a verifier scans, and what it states. */
export function PassportCard({ passport }: { passport: VaccinationPassportView }) {
  const url = verificationUrl(passport);
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
      data-testid="passport-card"
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={3}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
          <PassportQrCode url={url} name={passport.data.name} />
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ maxWidth: 240, textAlign: 'center' }}
          >
            {t('vaccination.scanToCheck')}
          </Typography>
          <Link href={url} data-testid="passport-verification-link" variant="body2">
            {t('vaccination.openVerification')}
          </Link>
          <EmailLinkButton patientId={passport.data.patient_id} />
        </Stack>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mb: 1, color: 'success.main' }}
          >
            <VerifiedUser fontSize="small" />
            <Typography variant="overline" sx={{ fontWeight: 700 }}>
              {t('vaccination.signedBy')}
            </Typography>
          </Stack>
          <PassportDetails data={passport.data} />
        </Box>
      </Stack>
    </Paper>
  );
}
