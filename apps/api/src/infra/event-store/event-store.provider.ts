import { type EventStore, PostgresEventStore } from '@medbook/event-store';
import type { Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CLOCK, type Clock } from '../clock';
import { DATABASE, type Database } from '../database/database';

export const EVENT_STORE = Symbol('EVENT_STORE');
/** The app's upcasting of what the store reads: `(store) => store` as the app reads it. */
export const UPCAST = Symbol('UPCAST');
/** How long a busy projection gathers events before its next batch (see batchWindowMs). */
const PROJECTION_BATCH_WINDOW_MS = 10;
/**
 * Appends within this long share one NOTIFY to other processes (this one's subscribers wake at
 * once): at 500 bookings/s NOTIFY was 0.6 statements per booking, each taking a global lock.
 */
const NOTIFY_SPACING_MS = 20;

export const eventStoreProvider: Provider = {
  provide: EVENT_STORE,
  inject: [DATABASE, CLOCK, APP_CONFIG, UPCAST],
  useFactory: (
    database: Database,
    clock: Clock,
    config: AppConfig,
    upcast: (store: EventStore) => EventStore,
  ) =>
    upcast(
      new PostgresEventStore(database.eventStoreSql, {
        now: () => clock.now(),
        pollIntervalMs: config.projectionPollMs,
        // Projections under load apply bookings in batches: fewer transactions per booking.
        batchWindowMs: PROJECTION_BATCH_WINDOW_MS,
        notifySpacingMs: NOTIFY_SPACING_MS,
      }),
    ),
};
