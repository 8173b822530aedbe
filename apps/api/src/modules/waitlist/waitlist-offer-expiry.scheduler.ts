import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { CLOCK, type Clock } from '../../infra/clock';
import { PeriodicJob } from '../../infra/jobs/periodic-job';
import { Leadership } from '../../infra/leadership/leadership';
import { LOGGER } from '../../infra/logging/logger';
import { WaitlistRepository } from './waitlist.repository';
import { ExpireOfferCommand } from './commands/expire-offer';

/**
 * Ends offers past their time, as events: every few seconds each due offer's hold is expired
 * through the slot's decider (a booking that took it first wins) and the offer records what the
 * slot decided; the hold's release then passes the slot to the next patient in line.
 */
@Injectable()
export class WaitlistOfferExpiryScheduler extends PeriodicJob {
  constructor(
    private readonly repository: WaitlistRepository,
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    leadership: Leadership,
  ) {
    super({
      name: 'waitlist offer expiry',
      intervalMs: config.holdExpiryIntervalMs,
      leadership,
      logger,
    });
  }

  /** Expires every offer due now; answers how many it looked at. */
  expireDue(): Promise<number> {
    return this.runOnce();
  }

  protected async work(): Promise<number> {
    const due = await this.repository.dueOffers(this.clock.now());
    for (const offer of due) {
      await this.commands.execute(new ExpireOfferCommand(offer.calendar_id, offer.offer_id));
    }
    return due.length;
  }
}
