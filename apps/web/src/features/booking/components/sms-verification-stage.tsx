import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { bookingApi } from '../api/booking-api';
import { errorMessageOf } from '../../../shared/error-message';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly mobileNumber: string | null;
  readonly onVerified: () => void;
}

/** SMS_VERIFICATION: a code sent to the patient's mobile proves it is theirs. */
export function SmsVerificationStage({ mobileNumber, onVerified }: Props) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState(mobileNumber ?? '');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await bookingApi.sendSms(mobile.trim() || undefined);
      setSent(true);
    });
  };
  const verify = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await bookingApi.verifySms(code.trim());
      onVerified();
    });
  };

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('booking.sms.intro')}</Typography>
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={send}>
        <TextField
          label={t('booking.sms.mobile')}
          type="tel"
          value={mobile}
          onChange={(event) => setMobile(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 14, 'data-testid': 'sms-mobile' } }}
          fullWidth
        />
        <Button type="submit" variant={sent ? 'outlined' : 'contained'} disabled={busy}>
          {sent ? t('booking.sms.sendAgain') : t('booking.sms.send')}
        </Button>
      </Stack>
      {sent && (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          onSubmit={verify}
        >
          <TextField
            label={t('booking.sms.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'sms-code' },
            }}
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={busy || code.trim() === ''}>
            {t('booking.sms.verify')}
          </Button>
        </Stack>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
