import { Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useErrorAnnouncer } from '../../../shared/form-errors';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly insurance: string;
  readonly initialMemberId: string;
  readonly onConfirm: (memberId: string) => void;
}

/** INSURANCE_CONFIRMATION: the patient confirms the insurance and its member id. */
export function InsuranceConfirmationStage({ insurance, initialMemberId, onConfirm }: Props) {
  const { t } = useTranslation();
  const [memberId, setMemberId] = useState(initialMemberId);
  const [submitted, setSubmitted] = useState(false);
  const { formRef, announce, region } = useErrorAnnouncer();
  const missing = submitted && memberId.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (memberId.trim() !== '') onConfirm(memberId.trim());
    else announce([['Member ID', 'Required']]);
  };
  return (
    <Stack component="form" ref={formRef} spacing={3} onSubmit={submit} noValidate>
      {region}
      <Typography>
        Insurance: <strong data-testid="confirm-insurance">{insurance}</strong>
      </Typography>
      <TextField
        label={t('booking.insurance.memberId')}
        value={memberId}
        onChange={(event) => setMemberId(event.target.value)}
        error={missing}
        helperText={missing ? 'Required' : undefined}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" size="large">
          {t('booking.insurance.confirm')}
        </Button>
      </Stack>
    </Stack>
  );
}
