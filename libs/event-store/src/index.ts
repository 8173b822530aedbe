export * from './event-store.port';
export * from './errors';
export { PostgresEventStore, EVENTS_CHANNEL } from './postgres/postgres-event-store';
export type { PostgresEventStoreOptions } from './postgres/postgres-event-store';
export { isDatabaseUnavailable } from './postgres/database-unavailable';
