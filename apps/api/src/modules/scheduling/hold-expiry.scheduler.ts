import { slotId } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { CLOCK, type Clock } from '../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { systemContext } from '../../infra/http/request-context';
import { PeriodicJob } from '../../infra/jobs/periodic-job';
import { Leadership } from '../../infra/leadership/leadership';
import { LOGGER } from '../../infra/logging/logger';
import { EndHoldCommand } from './commands/end-hold';
import { SchedulingRepository } from './scheduling.repository';

const SYSTEM = systemContext('hold-expiry');

/**
 * Expires holds on the server, as events: every few seconds the holds past their time are
 * released through the slot's decider, which releases a hold at most once (a booking that took it
 * first wins).
 */
@Injectable()
export class HoldExpiryScheduler extends PeriodicJob {
  constructor(
    private readonly repository: SchedulingRepository,
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    leadership: Leadership,
  ) {
    super({ name: 'hold expiry', intervalMs: config.holdExpiryIntervalMs, leadership, logger });
  }

  /** Expires every hold that is due now; answers how many it released. */
  expireDue(): Promise<number> {
    return this.runOnce();
  }

  protected async work(): Promise<number> {
    let released = 0;
    for (const hold of await this.repository.dueHolds(this.clock.now())) {
      const { position } = await this.commands.execute(
        new EndHoldCommand(
          {
            calendarId: hold.calendar_id,
            start: slotId(hold.start_at.toISOString()),
            holdId: hold.hold_id,
            by: 'expiry',
          },
          null,
          SYSTEM,
        ),
      );
      if (position !== null) released += 1;
    }
    return released;
  }
}
