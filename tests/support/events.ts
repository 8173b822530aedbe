import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from '@medbook/event-store';
import postgres from 'postgres';

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

/**
 * A transaction that takes a transaction id at once and stays open until `commit` is called, then
 * runs `work` in it and commits: a writer (or a report, in another database) left running.
 */
export async function openTransaction(
  sql: postgres.Sql,
  work: (tx: postgres.TransactionSql) => Promise<unknown> = async () => undefined,
): Promise<{ readonly xid: string; commit(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let opened!: (xid: string) => void;
  const xid = new Promise<string>((resolve) => (opened = resolve));
  const done = sql.begin(async (tx) => {
    const [row] = await tx<{ xid: string }[]>`SELECT pg_current_xact_id()::text AS xid`;
    opened(row!.xid);
    await released;
    await work(tx);
  });
  return {
    xid: await xid,
    commit: async () => {
      release();
      await done;
    },
  };
}

/** One session of that database under an application name, as a report or a person's psql. */
export function namedSession(url: string, applicationName: string): postgres.Sql {
  return postgres(url, {
    max: 1,
    onnotice: () => undefined,
    connection: { application_name: applicationName },
  });
}
