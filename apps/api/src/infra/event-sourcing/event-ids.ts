import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';

/**
 * Ids of what the log records are time-ordered (UUIDv7, RFC 9562): their first 48 bits are the
 * time they were made, so the B-tree indexes keyed by them (event ids, stream ids, appointment
 * ids in the read models) take new entries on their right-most pages instead of on a random
 * leaf each. After a checkpoint, the first change to a page logs the whole page: with random
 * ids nearly every booking dirtied a fresh leaf of every such index (issue 21: full-page
 * images were 39 % of a booking's WAL, and grew with history).
 */
export function newId(): string {
  return uuidv7();
}

/** A version 7 UUID's first 48 bits (its time) as 12 hex digits; null for any other id. */
function timePrefixOf(id: string): string | null {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-7/i.test(id)
    ? (id.slice(0, 8) + id.slice(9, 13)).toLowerCase()
    : null;
}

/**
 * A name-based UUID from a seed: the same seed always names the same thing. Version 5's layout
 * (SHA-1 of the seed), or, when the seed comes from a time-ordered command id, version 8 with
 * the command id's 48-bit time in front and the hash after it: still the same id for the same
 * seed, and made at the command's time, so it sorts with its neighbours in the indexes.
 */
function uuidFrom(seed: string, timePrefix: string | null = null): string {
  const bytes = createHash('sha1').update(seed).digest().subarray(0, 16);
  if (timePrefix) bytes.write(timePrefix, 0, 6, 'hex');
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | (timePrefix ? 0x80 : 0x50);
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * An id derived from a seed and an index (time-ordered without a seed). Demo data and
 * benchmarks name their events by such seeds; ids already stored keep their derivation.
 */
export function eventIdFor(seed: string | null, index: number): string {
  return seed ? uuidFrom(`${seed}/${index}`, timePrefixOf(seed)) : newId();
}

/**
 * The id of what a command creates (an appointment, a hold, a calendar): derived from the
 * client's command id, so a retried command creates the same thing; time-ordered without one.
 */
export function entityIdFor(commandId: string | null): string {
  return eventIdFor(commandId, -1);
}

/**
 * The id of the n-th event a command appends to a stream: a retried command proposes the same
 * ids, so the store writes nothing twice and the pipeline recognises its earlier events.
 */
export function commandEventId(commandId: string | null, streamId: string, index: number): string {
  return commandId
    ? uuidFrom(`${commandId}/${streamId}/${index}`, timePrefixOf(commandId))
    : newId();
}
