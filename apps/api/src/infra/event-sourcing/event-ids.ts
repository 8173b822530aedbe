import { createHash, randomUUID } from 'node:crypto';

/** A name-based UUID (version 5 layout) from a seed: the same seed always names the same thing. */
function uuidFrom(seed: string): string {
  const bytes = createHash('sha1').update(seed).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An id derived from a seed and an index (random without a seed). Kept for ids already stored. */
export function eventIdFor(seed: string | null, index: number): string {
  return seed ? uuidFrom(`${seed}/${index}`) : randomUUID();
}

/**
 * The id of what a command creates (an appointment, a hold, a calendar): derived from the
 * client's command id, so a retried command creates the same thing; random without one.
 */
export function entityIdFor(commandId: string | null): string {
  return eventIdFor(commandId, -1);
}

/**
 * The id of the n-th event a command appends to a stream: a retried command proposes the same
 * ids, so the store writes nothing twice and the pipeline recognises its earlier events.
 */
export function commandEventId(commandId: string | null, streamId: string, index: number): string {
  return commandId ? uuidFrom(`${commandId}/${streamId}/${index}`) : randomUUID();
}
