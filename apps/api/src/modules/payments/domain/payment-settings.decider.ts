import type { PracticePaymentSettingsView } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';

/** A practice's online payment settings (spec 1, section 3 "Practice"). */
export const paymentSettingsStreamId = (practiceId: string): string =>
  `payment-settings-${practiceId}`;

export type PaymentSettings = Omit<PracticePaymentSettingsView, 'practice_id'>;

export type PaymentSettingsEvent = {
  type: 'PaymentSettingsChanged';
  data: PaymentSettings & { practice_id: string; changed_by: string; changed_at: string };
};

export type PaymentSettingsCommand = {
  type: 'ChangePaymentSettings';
  practiceId: string;
  settings: PaymentSettings;
  by: string;
  now: Date;
};

/** Until a practice says otherwise it takes no online payments. */
export const NO_ONLINE_PAYMENTS: PaymentSettings = {
  online_payment_enabled: false,
  online_payment_gateway: null,
  enable_card_on_file: false,
  has_paypal_account: false,
};

const same = (a: PaymentSettings, b: PaymentSettings) =>
  a.online_payment_enabled === b.online_payment_enabled &&
  a.online_payment_gateway === b.online_payment_gateway &&
  a.enable_card_on_file === b.enable_card_on_file &&
  a.has_paypal_account === b.has_paypal_account;

function decide(command: PaymentSettingsCommand, state: PaymentSettings): PaymentSettingsEvent[] {
  switch (command.type) {
    case 'ChangePaymentSettings':
      if (same(state, command.settings)) return [];
      return [
        {
          type: 'PaymentSettingsChanged',
          data: {
            practice_id: command.practiceId,
            ...command.settings,
            changed_by: command.by,
            changed_at: command.now.toISOString(),
          },
        },
      ];
    default: {
      const unknown: never = command.type;
      return unknown;
    }
  }
}

function evolve(state: PaymentSettings, event: PaymentSettingsEvent): PaymentSettings {
  switch (event.type) {
    case 'PaymentSettingsChanged':
      return {
        online_payment_enabled: event.data.online_payment_enabled,
        online_payment_gateway: event.data.online_payment_gateway,
        enable_card_on_file: event.data.enable_card_on_file,
        has_paypal_account: event.data.has_paypal_account,
      };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}

export const paymentSettingsDecider: Decider<
  PaymentSettingsCommand,
  PaymentSettingsEvent,
  PaymentSettings
> = { initialState: () => NO_ONLINE_PAYMENTS, decide, evolve };
