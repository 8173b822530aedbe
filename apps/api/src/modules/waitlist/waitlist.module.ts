import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SchedulingModule } from '../scheduling/scheduling.module';
import { WaitlistController } from './waitlist.controller';
import { WaitlistOfferExpiryScheduler } from './waitlist-offer-expiry.scheduler';
import { WaitlistOffersProcessManager } from './waitlist-offers.process-manager';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

/**
 * Waiting lists per calendar and the offers of freed slots. Offers hold, book and release
 * through the scheduling core's commands, on its one remembered calendar state.
 */
@Module({
  imports: [IdentityModule, SchedulingModule],
  controllers: [WaitlistController],
  providers: [
    WaitlistService,
    WaitlistRepository,
    WaitlistOffersProcessManager,
    WaitlistOfferExpiryScheduler,
  ],
})
export class WaitlistModule {}
