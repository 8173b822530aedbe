import {
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInView,
  type InsuranceCardSide,
} from '@medbook/contracts';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { uploadInsuranceCard } from '../api/digital-check-in-api';
import { Section } from './check-in-section';

export function InsuranceStep(props: { view: DigitalCheckInView; onChanged: (p: number) => void }) {
  const { view, onChanged } = props;
  const [busy, setBusy] = useState<InsuranceCardSide | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const upload = async (side: InsuranceCardSide, file: File | undefined) => {
    if (!file) return;
    setBusy(side);
    setError(null);
    try {
      const answer = await uploadInsuranceCard(view.appointment_id, side, file);
      toast.success(M.cardUploaded);
      onChanged(answer.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(null);
    }
  };
  const sides: InsuranceCardSide[] = ['front', 'back'];
  return (
    <Section
      title={t('checkIn.insuranceCard')}
      done={view.insurance_cards.length >= 2}
      testId="insurance-step"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('checkIn.insuranceHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {sides.map((side) => {
          const held = view.insurance_cards.find((c) => c.side === side);
          return (
            <Stack key={side} spacing={1} sx={{ flex: 1 }}>
              <Button
                variant={held ? 'outlined' : 'contained'}
                component="label"
                disabled={busy !== null}
              >
                {held
                  ? t(side === 'front' ? 'checkIn.replaceFront' : 'checkIn.replaceBack')
                  : t(side === 'front' ? 'checkIn.uploadFront' : 'checkIn.uploadBack')}
                <input
                  hidden
                  type="file"
                  accept="image/jpeg,image/png,application/pdf"
                  data-testid={`insurance-${side}`}
                  onChange={(event) => void upload(side, event.target.files?.[0])}
                />
              </Button>
              {held && (
                <Typography variant="body2">
                  {t(side === 'front' ? 'checkIn.frontUploaded' : 'checkIn.backUploaded', {
                    size: Math.ceil(held.size / 1024),
                  })}
                </Typography>
              )}
            </Stack>
          );
        })}
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {translateText(error)}
        </Alert>
      )}
    </Section>
  );
}
