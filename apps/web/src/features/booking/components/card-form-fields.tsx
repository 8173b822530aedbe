import { Alert, Button, Grid, Stack, TextField } from '@mui/material';
import { DateTime } from 'luxon';
import { type FormEvent, useState } from 'react';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import type { CardDto } from '@medbook/contracts';
import { cardDetails, type CardErrors, cardErrors, type CardForm, EMPTY_CARD } from '../card-form';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly submitLabel: string;
  readonly busy: boolean;
  /** The gateway's answer to the last try, in its words. */
  readonly error: string | null;
  readonly onSubmit: (card: CardDto) => void;
}

/** A card form with labels; messages show after submit, as the spec's forms do. */
export function CardFormFields({ submitLabel, busy, error, onSubmit }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CardForm>(EMPTY_CARD);
  const [errors, setErrors] = useState<CardErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const { formRef, announce, region } = useErrorAnnouncer();
  const change = (field: keyof CardForm) => (event: { target: { value: string } }) => {
    const next = { ...form, [field]: event.target.value };
    setForm(next);
    if (submitted) setErrors(cardErrors(next, DateTime.now()));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = cardErrors(form, DateTime.now());
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(cardDetails(form));
    else {
      announce([
        [t('booking.payment.nameOnCard'), found.name],
        [t('booking.payment.cardNumber'), found.number],
        ['Expiry', found.expiry],
        ['CVC', found.cvc],
      ]);
    }
  };
  const field = (name: keyof CardForm) => ({
    value: form[name],
    onChange: change(name),
    error: errors[name] !== undefined,
    helperText: errors[name],
    required: true,
    fullWidth: true,
  });
  return (
    <Stack
      component="form"
      ref={formRef}
      spacing={2}
      onSubmit={submit}
      noValidate
      aria-label={t('booking.payment.cardDetails')}
    >
      {region}
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            label={t('booking.payment.nameOnCard')}
            autoComplete="cc-name"
            autoFocus
            {...field('name')}
            slotProps={{ htmlInput: { maxLength: 70, 'data-testid': 'card-name' } }}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            label={t('booking.payment.cardNumber')}
            autoComplete="cc-number"
            {...field('number')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 23, 'data-testid': 'card-number' },
            }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            label={t('booking.payment.expiry')}
            autoComplete="cc-exp"
            placeholder="MM/YY"
            {...field('expiry')}
            slotProps={{ htmlInput: { maxLength: 7, 'data-testid': 'card-expiry' } }}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField
            label={t('booking.payment.cvc')}
            autoComplete="cc-csc"
            {...field('cvc')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'card-cvc' },
            }}
          />
        </Grid>
      </Grid>
      {error && (
        <Alert severity="error" data-testid="payment-error" role="alert">
          {error}
        </Alert>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? 'Processing…' : submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
