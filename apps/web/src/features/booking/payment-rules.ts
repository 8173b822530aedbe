/**
 * When the wizard's payment stages apply (spec 1, section 5). The rules live in the contracts so
 * that the API enforces the very same ones when it charges.
 */
export {
  type BookingPaymentSettings as PaymentSettings,
  cardOnFileApplies,
  MINIMUM_VISIT_FEE,
  payPalApplies,
  visitFeeAmount,
  visitFeeApplies,
} from '@medbook/contracts';
