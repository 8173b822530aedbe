import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@medbook/event-store';

export const testMetadata = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actorId: 'user-1',
  actorRole: 'PracticeAdmin',
  onBehalfOf: null,
  ip: '203.0.113.9',
  userAgent: 'jest',
  correlationId: 'corr-1',
  causationId: 'cause-1',
  commandId: 'cmd-1',
  ...overrides,
});

export function newEvent(type = 'SomethingHappened', data: unknown = { n: 1 }): NewEvent {
  return { id: randomUUID(), type, data, metadata: testMetadata() };
}

export function newEvents(count: number, type = 'SomethingHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, n) => newEvent(type, { n }));
}

/** Polls until the check passes, failing with the last value seen after the timeout. */
export async function eventually<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) {
      throw new Error(
        `Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await read();
  }
  return value;
}
