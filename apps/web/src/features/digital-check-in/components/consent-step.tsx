import { DIGITAL_CHECK_IN_MESSAGES as M, type DigitalCheckInView } from '@medbook/contracts';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useCallback, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi } from '../api/digital-check-in-api';
import { type Signature, SignatureField } from './signature-field';
import { Section } from './check-in-section';

type Consent = DigitalCheckInView['consents'][number];

const signedAt = (iso: string) =>
  formatDate(DateTime.fromISO(iso), 'MMM d, h:mm a', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export function ConsentStep(props: {
  view: DigitalCheckInView;
  consent: Consent;
  onChanged: (p: number) => void;
}) {
  const { view, consent, onChanged } = props;
  const [signature, setSignature] = useState<Signature | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = useCallback((s: Signature | null) => setSignature(s), []);
  const { t } = useTranslation();
  const sign = async () => {
    if (!signature) return setError(M.signatureRequired);
    setBusy(true);
    setError(null);
    try {
      const answer = await digitalCheckInApi.sign(view.appointment_id, consent.consent_id, {
        version: consent.version,
        ...signature,
      });
      toast.success(M.consentSigned);
      onChanged(answer.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
      if (cause instanceof Error) onChanged(0);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const answer = await digitalCheckInApi.unsign(view.appointment_id, consent.consent_id);
      toast.success(M.consentDeleted);
      onChanged(answer.position);
    } catch (cause) {
      toast.error(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const id = `consent-${consent.consent_id}`;
  return (
    <Section title={consent.title} done={consent.signed !== null} testId="consent-step">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('checkIn.version', { version: consent.version })}
        {consent.required ? t('checkIn.required') : ''}
      </Typography>
      <Typography
        component="div"
        sx={{ whiteSpace: 'pre-wrap', maxHeight: 240, overflow: 'auto', mb: 2 }}
        tabIndex={0}
        aria-label={t('checkIn.consentText', { title: consent.title })}
      >
        {consent.text}
      </Typography>
      {consent.signed ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography>
            {consent.signed.kind === 'typed'
              ? t('checkIn.signedTyped', {
                  name: consent.signed.typed_name ?? '',
                  date: signedAt(consent.signed.signed_at),
                })
              : t('checkIn.signedDrawn', { date: signedAt(consent.signed.signed_at) })}
          </Typography>
          <Button color="error" variant="outlined" disabled={busy} onClick={() => void remove()}>
            {t('checkIn.deleteSignature')}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <SignatureField id={id} onChange={changed} />
          {error && <Alert severity="error">{translateText(error)}</Alert>}
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => void sign()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('checkIn.signConsent')}
          </Button>
        </Stack>
      )}
    </Section>
  );
}
