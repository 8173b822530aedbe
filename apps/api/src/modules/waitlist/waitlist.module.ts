import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SchedulingModule } from '../scheduling/scheduling.module';
import { WaitlistController } from './waitlist.controller';
import { WaitlistOfferExpiryScheduler } from './waitlist-offer-expiry.scheduler';
import { WaitlistOffersProcessManager } from './waitlist-offers.process-manager';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistItemsQuery } from './waitlist-items.query';
import { WaitlistLines } from './waitlist-lines';
import { WaitlistOffers } from './waitlist-offers';
import { WAITLIST_COMMAND_HANDLERS } from './commands';

/**
 * Waiting lists per calendar and the offers of freed slots. Offers hold, book and release
 * through the scheduling core's commands, on its one remembered calendar state.
 */
@Module({
  imports: [IdentityModule, SchedulingModule],
  controllers: [WaitlistController],
  providers: [
    ...WAITLIST_COMMAND_HANDLERS,
    WaitlistLines,
    WaitlistOffers,
    WaitlistItemsQuery,
    WaitlistRepository,
    WaitlistOffersProcessManager,
    WaitlistOfferExpiryScheduler,
  ],
})
export class WaitlistModule {}
