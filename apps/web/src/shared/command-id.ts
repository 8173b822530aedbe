import { v7 as uuidv7 } from 'uuid';

/**
 * A new command id (the API's idempotency key for a write): time-ordered (UUIDv7), so the ids
 * the API derives from it for what the command creates (appointments, events) sort by time in
 * its indexes, which keeps a booking's index writes on their right-most pages.
 */
export function newCommandId(): string {
  return uuidv7();
}
