import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../infra/clock';
import { CommandPipeline } from '../infra/event-sourcing/command-pipeline';
import { eventIdFor } from '../infra/event-sourcing/event-ids';
import { systemContext } from '../infra/http/request-context';
import { DEMO_PRACTICE_ID } from './identity-demo-seed';
import { DEMO_PRACTICES } from './demo-directory.data';
import {
  paymentSettingsDecider,
  paymentSettingsStreamId,
} from '../modules/payments/domain/payment-settings.decider';

/**
 * On a first start: the demo practices take visit fees online through Stripe (answered by the
 * local test gateway), so the wizard's payment stage can be tried with the test cards.
 */
@Injectable()
export class PaymentsDemoSeed {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pipeline: CommandPipeline,
  ) {}

  async seed(): Promise<void> {
    const practices = [
      DEMO_PRACTICE_ID,
      ...DEMO_PRACTICES.map((_, p) => eventIdFor(`demo-search-practice-${p}`, -1)),
    ];
    for (const practiceId of practices) {
      await this.pipeline.decideOn(paymentSettingsStreamId(practiceId), paymentSettingsDecider, {
        command: {
          type: 'ChangePaymentSettings',
          practiceId,
          settings: {
            online_payment_enabled: true,
            online_payment_gateway: 'Stripe',
            enable_card_on_file: true,
            has_paypal_account: false,
          },
          by: 'system',
          now: this.clock.now(),
        },
        context: systemContext('demo-seed'),
        commandId: `demo-payment-settings-${practiceId}`,
      });
    }
  }
}
