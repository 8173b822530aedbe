import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  NO_ONLINE_PAYMENTS,
  type PaymentSettings,
  type PaymentSettingsCommand,
  type PaymentSettingsEvent,
  paymentSettingsDecider,
} from './payment-settings.decider';

const given = DeciderSpecification.for(paymentSettingsDecider);
const NOW = new Date('2026-11-23T10:00:00Z');
const PRACTICE = '00000000-0000-4000-8000-000000000001';
const stripe: PaymentSettings = {
  online_payment_enabled: true,
  online_payment_gateway: 'Stripe',
  enable_card_on_file: true,
  has_paypal_account: false,
};
const change = (settings: PaymentSettings): PaymentSettingsCommand => ({
  type: 'ChangePaymentSettings',
  practiceId: PRACTICE,
  settings,
  by: 'admin-1',
  now: NOW,
});
const changed = (settings: PaymentSettings): PaymentSettingsEvent => ({
  type: 'PaymentSettingsChanged',
  data: {
    practice_id: PRACTICE,
    ...settings,
    changed_by: 'admin-1',
    changed_at: NOW.toISOString(),
  },
});

describe('changing the practice payment settings', () => {
  it('records new settings', () => {
    given([])
      .when(change(stripe))
      .then([changed(stripe)]);
  });

  it('changes nothing when the settings are the ones in force', () => {
    given([changed(stripe)])
      .when(change(stripe))
      .thenNothing();
    given([]).when(change(NO_ONLINE_PAYMENTS)).thenNothing();
  });

  it('records a change back to no online payments', () => {
    given([changed(stripe)])
      .when(change(NO_ONLINE_PAYMENTS))
      .then([changed(NO_ONLINE_PAYMENTS)]);
  });
});
