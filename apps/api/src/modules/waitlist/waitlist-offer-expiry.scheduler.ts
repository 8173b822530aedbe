import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { CLOCK, type Clock } from '../../infra/clock';
import { LOGGER } from '../../infra/logging/logger';
import { WaitlistRepository } from './waitlist.repository';
import { WaitlistService } from './waitlist.service';

/**
 * Ends offers past their time, as events: every few seconds each due offer's hold is expired
 * through the slot's decider (a booking that took it first wins) and the offer records what the
 * slot decided; the hold's release then passes the slot to the next patient in line.
 */
@Injectable()
export class WaitlistOfferExpiryScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly repository: WaitlistRepository,
    private readonly waitlist: WaitlistService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runProjections) return;
    this.timer = setInterval(
      () =>
        void this.expireDue().catch((error: unknown) => {
          this.logger.warn({ err: error }, 'waitlist offer expiry failed');
        }),
      this.config.holdExpiryIntervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Expires every offer due now; answers how many it looked at. */
  expireDue(): Promise<number> {
    this.running ??= (async () => {
      try {
        const due = await this.repository.dueOffers(this.clock.now());
        for (const offer of due) await this.waitlist.expireOffer(offer.calendar_id, offer.offer_id);
        return due.length;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
