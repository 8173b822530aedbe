import {
  type CardDto,
  DIGITAL_CHECK_IN_MESSAGES as M,
  type DigitalCheckInView,
} from '@medbook/contracts';
import { Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { toast } from '../../../shared/toast';
import { digitalCheckInApi } from '../api/digital-check-in-api';
import { newCommandId } from '../../../shared/command-id';
import { Section } from './check-in-section';

/** The card form (the booking wizard's), composed in by the app. */
export type CardFormRenderer = (props: {
  readonly submitLabel: string;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onSubmit: (card: CardDto) => void;
}) => ReactNode;

export function CopayStep(props: {
  view: DigitalCheckInView;
  onChanged: (p: number) => void;
  cardForm: CardFormRenderer;
}) {
  const { view, onChanged } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [commandId] = useState(() => newCommandId());
  const { t } = useTranslation();
  const { copay } = view;
  // allow_partial_payment with a balance or deductible due: the patient says how much.
  const partial = copay.minimum < copay.due;
  // The amount typed, for the total it was typed against: a new total starts again from it.
  const [typed, setTyped] = useState<{ due: number; value: string } | null>(null);
  const chosen = typed?.due === copay.due ? typed.value : copay.due.toFixed(2);
  const setChosen = (value: string) => setTyped({ due: copay.due, value });
  const chosenAmount = partial ? Number(chosen) : copay.due;
  const inRange =
    Number.isFinite(chosenAmount) &&
    Math.round(chosenAmount * 100) >= Math.round(copay.minimum * 100) &&
    Math.round(chosenAmount * 100) <= Math.round(copay.due * 100);
  const pay = async (card: CardDto) => {
    if (!inRange) return setError(M.partialRange);
    setBusy(true);
    setError(null);
    try {
      const payment = await digitalCheckInApi.payCopay(
        view.appointment_id,
        chosenAmount,
        card,
        commandId,
      );
      toast.success(M.copayPaid);
      onChanged(payment.position);
    } catch (cause) {
      setError(errorMessageOf(cause));
    } finally {
      setBusy(false);
    }
  };
  const money = (value: number) => `$${value.toFixed(2)}`;
  const amount = money(copay.due);
  const lines: [string, number][] = [
    [t('checkIn.copayLine'), copay.copay],
    [t('checkIn.balanceLine'), copay.outstanding_balance],
    [t('checkIn.deductibleLine'), copay.deductible],
  ];
  return (
    <Section title={t('checkIn.copay')} done={view.copay.paid} testId="copay-step">
      {view.copay.paid ? (
        <Typography>
          {t('checkIn.copayPaidOf', { amount: `$${view.copay.amount_paid.toFixed(2)}` })}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {(copay.outstanding_balance > 0 || copay.deductible > 0) && (
            <Stack component="dl" spacing={0.5} sx={{ m: 0 }} data-testid="amounts-due">
              {lines
                .filter(([, value]) => value > 0)
                .map(([label, value]) => (
                  <Stack key={label} direction="row" sx={{ justifyContent: 'space-between' }}>
                    <Typography component="dt">{label}</Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                      {money(value)}
                    </Typography>
                  </Stack>
                ))}
            </Stack>
          )}
          <Typography>{t('checkIn.copayDue', { amount })}</Typography>
          {partial && (
            <TextField
              label={t('checkIn.amountToPay')}
              type="number"
              value={chosen}
              onChange={(e) => setChosen(e.target.value)}
              error={!inRange}
              helperText={t('checkIn.amountRange', {
                min: money(copay.minimum),
                max: money(copay.due),
              })}
              slotProps={{ htmlInput: { min: copay.minimum, max: copay.due, step: 0.01 } }}
              sx={{ maxWidth: 240 }}
            />
          )}
          {props.cardForm({
            submitLabel: t('checkIn.pay', {
              amount: inRange ? money(chosenAmount) : amount,
            }),
            busy,
            error: error && translateText(error),
            onSubmit: (card) => void pay(card),
          })}
        </Stack>
      )}
    </Section>
  );
}
