import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { systemContext } from '../../infra/http/request-context';
import { LOGGER } from '../../infra/logging/logger';
import { SchedulingRepository } from './scheduling.repository';
import { SchedulingService } from './scheduling.service';

const SYSTEM = systemContext('hold-expiry');

/**
 * Expires holds on the server, as events: every few seconds the holds past their time are
 * released through the slot's decider, which releases a hold at most once (a booking that took it
 * first wins).
 */
@Injectable()
export class HoldExpiryScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly repository: SchedulingRepository,
    private readonly scheduling: SchedulingService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runProjections) return;
    this.timer = setInterval(
      () =>
        void this.expireDue().catch((error: unknown) => {
          this.logger.warn({ err: error }, 'hold expiry failed');
        }),
      this.config.holdExpiryIntervalMs,
    );
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Expires every hold that is due now; answers how many it released. */
  expireDue(): Promise<number> {
    this.running ??= (async () => {
      let released = 0;
      try {
        for (const hold of await this.repository.dueHolds(this.clock.now())) {
          const start = hold.start_at.toISOString().replace('.000Z', 'Z');
          const position = await this.scheduling.endHold(
            hold.calendar_id,
            start,
            hold.hold_id,
            'expiry',
            SYSTEM,
          );
          if (position !== null) released += 1;
        }
        return released;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
