import { createHash, randomUUID } from 'node:crypto';

/**
 * The id of the n-th event a command produces: derived from the command id (a name-based UUID,
 * version 5 layout), so a retried command proposes the same ids and the store recognises it.
 */
export function eventIdFor(commandId: string | null, index: number): string {
  if (!commandId) return randomUUID();
  const bytes = createHash('sha1').update(`${commandId}/${index}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
