import type { PaymentMethodView, PaymentView } from '@medbook/contracts';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { maskedCard, money } from '../card-form';
import type { PaySource } from '../use-visit-fee';
import { CardFormFields } from './card-form-fields';
import { useTranslation } from '../../../shared/i18n';

interface Props {
  readonly amount: number;
  readonly insured: boolean;
  readonly savedCards: readonly PaymentMethodView[];
  readonly payment: PaymentView | null;
  readonly busy: boolean;
  readonly error: string | null;
  readonly onPay: (source: PaySource) => void;
  readonly onContinue: () => void;
}

/** PAYMENT: the visit fee, paid by card before the booking call. */
export function PaymentStage(props: Props) {
  const { t } = useTranslation();
  const { amount, insured, savedCards, payment, busy, error, onPay, onContinue } = props;
  const paid = payment?.status === 'authorized' && payment.amount === amount;
  return (
    <Stack spacing={3}>
      <Box
        sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', display: 'flex', gap: 2 }}
        data-testid="visit-fee"
      >
        <Box sx={{ flex: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('booking.payment.visitFee')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('booking.payment.chargedWhen', {
              kind: insured ? t('booking.payment.insured') : t('booking.payment.selfPay'),
            })}
          </Typography>
        </Box>
        <Typography variant="h6" component="p" data-testid="visit-fee-amount">
          {money(amount)}
        </Typography>
      </Box>
      {paid ? (
        <>
          <Alert severity="success" data-testid="payment-done">
            {t('booking.payment.authorized', {
              amount: money(payment.amount),
              card: maskedCard(payment.card_brand, payment.card_last6),
            })}
          </Alert>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" size="large" onClick={onContinue} autoFocus>
              {t('booking.continue')}
            </Button>
          </Stack>
        </>
      ) : (
        <>
          {savedCards.map((card) => (
            <Button
              key={card.payment_method_id}
              variant="outlined"
              disabled={busy}
              onClick={() => onPay({ payment_method_id: card.payment_method_id })}
            >
              {t('booking.payment.payWith', {
                amount: money(amount),
                card: maskedCard(card.brand, card.last6),
              })}
            </Button>
          ))}
          {savedCards.length > 0 && <Divider>{t('booking.payment.otherCard')}</Divider>}
          <CardFormFields
            submitLabel={t('booking.payment.pay', { amount: money(amount) })}
            busy={busy}
            error={error}
            onSubmit={(card) => onPay({ card })}
          />
        </>
      )}
    </Stack>
  );
}
