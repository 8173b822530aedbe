import { AssociatePaymentHandler } from './associate-payment';
import { CancelVisitFeeHandler } from './cancel-visit-fee';
import { ChangePaymentSettingsHandler } from './change-payment-settings';
import { PayVisitFeeHandler } from './pay-visit-fee';
import { SavePaymentMethodHandler } from './save-payment-method';

export const PAYMENTS_COMMAND_HANDLERS = [
  AssociatePaymentHandler,
  CancelVisitFeeHandler,
  ChangePaymentSettingsHandler,
  PayVisitFeeHandler,
  SavePaymentMethodHandler,
];
