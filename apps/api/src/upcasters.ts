import type { EventStore } from '@medbook/event-store';
import { UpcastingEventStore } from './infra/event-store/upcasting-event-store';
import { calendarSettingsChangedUpcaster } from './modules/scheduling/calendar-settings-changed.upcaster';

/**
 * The event store as every reader sees it: events of shapes the code no longer writes are read as
 * today's (a bounded context adds its upcaster here; infra knows none). Whatever reads events for
 * read models (the service, the rebuild command) goes through this.
 */
export const withUpcasters = (store: EventStore): EventStore =>
  new UpcastingEventStore(store, [calendarSettingsChangedUpcaster(store)]);
