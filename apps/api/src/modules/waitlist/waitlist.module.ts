import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SchedulingService } from '../scheduling/scheduling.service';
import { WaitlistController } from './waitlist.controller';
import { WaitlistOfferExpiryScheduler } from './waitlist-offer-expiry.scheduler';
import { WaitlistOffersProcessManager } from './waitlist-offers.process-manager';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

/**
 * Waiting lists per calendar and the offers of freed slots. The scheduling core's commands are
 * used as they are (SchedulingService keeps no state of its own: each instance works on the
 * event store).
 */
@Module({
  imports: [IdentityModule],
  controllers: [WaitlistController],
  providers: [
    SchedulingService,
    WaitlistService,
    WaitlistRepository,
    WaitlistOffersProcessManager,
    WaitlistOfferExpiryScheduler,
  ],
})
export class WaitlistModule {}
