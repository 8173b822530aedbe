import { Inject, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../infra/config/app-config';
import { IdentityModule } from '../modules/identity/identity.module';
import { IdentityDemoSeed } from './identity-demo-seed';
import { PaymentsDemoSeed } from './payments-demo-seed';
import { SchedulingDemoSeed } from './scheduling-demo-seed';
import { SearchDemoSeed } from './search-demo-seed';

/**
 * The demo a first `npm start` shows: a practice, one account per role, a bookable calendar and a
 * searchable directory. It sits on top of the bounded contexts (none of them knows it) and seeds
 * in a fixed order, one after the other: the calendar needs the demo provider's account, and the
 * payment settings name the directory's practices.
 */
@Module({
  imports: [IdentityModule],
  providers: [IdentityDemoSeed, SchedulingDemoSeed, SearchDemoSeed, PaymentsDemoSeed],
})
export class DemoModule implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly identity: IdentityDemoSeed,
    private readonly scheduling: SchedulingDemoSeed,
    private readonly search: SearchDemoSeed,
    private readonly payments: PaymentsDemoSeed,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.identity.seed();
    await this.scheduling.seed();
    await this.search.seed();
    await this.payments.seed();
  }
}
