import { type EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { DATABASE, type Database } from '../../../infra/database/database';
import { EVENT_STORE } from '../../../infra/event-store/event-store.provider';
import { PeriodicJob } from '../../../infra/jobs/periodic-job';
import { Leadership } from '../../../infra/leadership/leadership';
import { LOGGER } from '../../../infra/logging/logger';
import { LogSealer } from './log-sealer';

/** The leader seals the log every AUDIT_SEAL_INTERVAL_SECONDS, when it advanced (see LogSealer). */
@Injectable()
export class LogSealScheduler extends PeriodicJob {
  private readonly sealer: LogSealer;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    leadership: Leadership,
  ) {
    super({ name: 'audit seal', intervalMs: config.auditSealIntervalMs, leadership, logger });
    this.sealer = new LogSealer(database.sql, store);
  }

  /** Seals now (or joins the seal in progress); answers how many events were sealed. */
  sealNow(): Promise<number> {
    return this.runOnce();
  }

  protected work(): Promise<number> {
    return this.sealer.sealAll();
  }
}
