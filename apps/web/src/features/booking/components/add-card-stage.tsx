import type { PaymentMethodView } from '@medbook/contracts';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { bookingApi } from '../api/booking-api';
import { maskedCard } from '../card-form';
import { CardFormFields } from './card-form-fields';
import { errorMessageOf } from '../../../shared/error-message';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly patientId: string;
  readonly savedCards: readonly PaymentMethodView[];
  /** The lookup failed: 'Unable To Access Your Stripe Customer', and booking continues. */
  readonly lookupError: string | null;
  readonly onSaved: (card: PaymentMethodView) => void;
  readonly onContinue: () => void;
}

/** ADD_CARD: the practice keeps a card on file; one already saved lets the patient go on. */
export function AddCardStage({ patientId, savedCards, lookupError, onSaved, onContinue }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (card: Parameters<typeof bookingApi.savePaymentMethod>[1]) => {
    setBusy(true);
    setError(null);
    try {
      onSaved(await bookingApi.savePaymentMethod(patientId, card));
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  if (lookupError || savedCards.length > 0) {
    return (
      <Stack spacing={3}>
        {lookupError ? (
          <Alert severity="warning">{lookupError}</Alert>
        ) : (
          <Typography data-testid="card-on-file">
            {t('booking.payment.cardOnFile')}{' '}
            <strong>{maskedCard(savedCards[0]!.brand, savedCards[0]!.last6)}</strong>
          </Typography>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" size="large" onClick={onContinue} autoFocus>
            {t('booking.continue')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('booking.payment.keepsCard')}</Typography>
      <CardFormFields
        submitLabel={t('booking.payment.saveCard')}
        busy={busy}
        error={error}
        onSubmit={(card) => void save(card)}
      />
    </Stack>
  );
}
