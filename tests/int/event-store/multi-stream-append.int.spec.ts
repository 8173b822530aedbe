import { randomUUID } from 'node:crypto';
import {
  IdempotencyConflict,
  PostgresEventStore,
  WrongExpectedRevision,
} from '@medbook/event-store';
import { newEvent, newEvents } from '../../support/events';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The one-statement append to a new stream and an existing one (a booking's shape), and reading
// several streams at once: the same guarantees as es_append, checked where the fast path runs.
let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase({ max: 20 });
  store = new PostgresEventStore(database.sql, { listen: false });
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

/** A new stream id that sorts before the existing one, as an appointment before its slot. */
const pair = () => {
  const key = randomUUID();
  return { created: `a-${key}`, existing: `s-${key}` };
};

const head = async (streamId: string) =>
  (
    await database.sql<{ revision: string }[]>`
      SELECT revision FROM es_streams WHERE stream_id = ${streamId}`
  )[0]?.revision ?? null;

describe('append to a new stream and an existing one in one statement', () => {
  it('writes both at their revisions, in order, in one transaction', async () => {
    const { created, existing } = pair();
    await store.appendToStream(existing, newEvents(2), 'no_stream');
    const result = await store.appendToStreams([
      { streamId: existing, events: [newEvent('Booked')], expectedRevision: 1 },
      { streamId: created, events: newEvents(2, 'Created'), expectedRevision: 'no_stream' },
    ]);
    expect(result.revisions).toEqual({ [existing]: 2, [created]: 1 });
    expect(result.alreadyAppended).toBe(false);
    const [createdEvents, existingEvents] = await store.readStreams([created, existing]);
    expect(createdEvents!.map((e) => [e.type, e.streamRevision])).toEqual([
      ['Created', 0],
      ['Created', 1],
    ]);
    expect(existingEvents!.map((e) => e.streamRevision)).toEqual([0, 1, 2]);
    expect(
      new Set([...createdEvents!, existingEvents![2]!].map((e) => e.logPosition.commit)).size,
    ).toBe(1);
    expect(await head(existing)).toBe('2');
    expect(await head(created)).toBe('1');
  });

  it('writes nothing, and moves no head, when the existing stream moved on', async () => {
    const { created, existing } = pair();
    await store.appendToStream(existing, newEvents(2), 'no_stream');
    const error = await store
      .appendToStreams([
        { streamId: existing, events: [newEvent()], expectedRevision: 0 },
        { streamId: created, events: [newEvent()], expectedRevision: 'no_stream' },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevision);
    expect(error).toMatchObject({ streamId: existing, actual: 1 });
    expect(await head(created)).toBeNull();
    expect(await head(existing)).toBe('1');
  });

  it('writes nothing, and moves no head, when the new stream exists', async () => {
    const { created, existing } = pair();
    await store.appendToStream(existing, newEvents(1), 'no_stream');
    await store.appendToStream(created, newEvents(1), 'no_stream');
    const error = await store
      .appendToStreams([
        { streamId: existing, events: [newEvent()], expectedRevision: 0 },
        { streamId: created, events: [newEvent()], expectedRevision: 'no_stream' },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevision);
    expect(error).toMatchObject({ streamId: created, actual: 0 });
    expect(await head(existing)).toBe('0');
    expect((await store.readStream(existing)).length).toBe(1);
  });

  it('lets exactly one of many concurrent bookings of the same stream revision win', async () => {
    const existing = `s-${randomUUID()}`;
    await store.appendToStream(existing, newEvents(1), 'no_stream');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.appendToStreams([
          { streamId: existing, events: [newEvent()], expectedRevision: 0 },
          { streamId: `a-${randomUUID()}`, events: [newEvent()], expectedRevision: 'no_stream' },
        ]),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect(outcome.reason).toBeInstanceOf(WrongExpectedRevision);
    }
    expect(await head(existing)).toBe('1');
  });

  it('answers identical concurrent retries with one write, and refuses changed content', async () => {
    const { created, existing } = pair();
    await store.appendToStream(existing, newEvents(1), 'no_stream');
    const appends = [
      { streamId: existing, events: [newEvent()], expectedRevision: 0 },
      { streamId: created, events: [newEvent()], expectedRevision: 'no_stream' as const },
    ];
    const results = await Promise.all(
      Array.from({ length: 5 }, () => store.appendToStreams(appends)),
    );
    expect(new Set(results.map((r) => r.position)).size).toBe(1);
    expect(results.filter((r) => !r.alreadyAppended)).toHaveLength(1);
    expect(await head(existing)).toBe('1');
    const changed = appends.map((a) => ({
      ...a,
      events: a.events.map((e) => ({ ...e, data: { n: 'changed' } })),
    }));
    await expect(store.appendToStreams(changed)).rejects.toBeInstanceOf(IdempotencyConflict);
  });
});

describe('readStreams', () => {
  it('reads each stream in revision order, in the order asked, empty when missing', async () => {
    const [one, two, missing] = [randomUUID(), randomUUID(), randomUUID()];
    await store.appendToStream(two, newEvents(3), 'no_stream');
    await store.appendToStream(one, newEvents(1), 'no_stream');
    const [first, second, third] = await store.readStreams([two, missing, one]);
    expect(first!.map((e) => [e.streamId, e.streamRevision])).toEqual([
      [two, 0],
      [two, 1],
      [two, 2],
    ]);
    expect(second).toEqual([]);
    expect(third!.map((e) => e.streamId)).toEqual([one]);
    expect(await store.readStreams([])).toEqual([]);
  });

  it('reads a stream from a given revision on, the others whole', async () => {
    const [one, two] = [randomUUID(), randomUUID()];
    await store.appendToStream(one, newEvents(4), 'no_stream');
    await store.appendToStream(two, newEvents(2), 'no_stream');
    const [tail, whole] = await store.readStreams([one, two], { fromRevision: { [one]: 2 } });
    expect(tail!.map((e) => e.streamRevision)).toEqual([2, 3]);
    expect(whole!.map((e) => e.streamRevision)).toEqual([0, 1]);
    const [nothingNew] = await store.readStreams([one], { fromRevision: { [one]: 4 } });
    expect(nothingNew).toEqual([]);
  });
});
