import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@medbook/event-store';
import type { Decider } from '../../../apps/api/src/domain/decider';
import { ConflictError } from '../../../apps/api/src/domain/domain-error';
import {
  CommandPipeline,
  MAX_ATTEMPTS,
  ReadAgain,
  stream,
} from '../../../apps/api/src/infra/event-sourcing/command-pipeline';
import { FoldedStates } from '../../../apps/api/src/infra/event-sourcing/folded-states';
import { systemContext } from '../../../apps/api/src/infra/http/request-context';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// The one write loop, on a real store: a counter with a capacity stands for a slot.
type Taken = { type: 'PlaceTaken'; data: { by: string } };
type Take = { by: string; capacity: number };
const counter: Decider<Take, Taken, number> = {
  initialState: () => 0,
  evolve: (taken) => taken + 1,
  decide: (command, taken) => {
    if (taken >= command.capacity) throw new ConflictError('Full');
    return [{ type: 'PlaceTaken', data: { by: command.by } }];
  },
};
type Capacity = { type: 'CapacitySet'; data: { capacity: number } };
const settings: Decider<never, Capacity, number> = {
  initialState: () => 0,
  evolve: (_, e) => e.data.capacity,
  decide: () => [],
};

const context = systemContext('pipeline-test');
let database: TestDatabase;
let store: PostgresEventStore;
let pipeline: CommandPipeline;

beforeAll(async () => {
  database = await createTestDatabase({ max: 20 });
  store = new PostgresEventStore(database.sql, { listen: false });
  pipeline = new CommandPipeline(store);
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

const setCapacity = (id: string, capacity: number) =>
  store.appendToStream(id, [
    { id: randomUUID(), type: 'CapacitySet', data: { capacity }, metadata: context as never },
  ]);

/** Takes a place on `place`, deciding on the capacity in `capacityStream` (read, not written). */
const take = (
  place: string,
  capacityStream: string,
  by: string,
  commandId: string | null = null,
  remembered?: FoldedStates<number>,
  guessing?: { on: CommandPipeline; places: FoldedStates<number> },
) =>
  (guessing?.on ?? pipeline).run({
    commandId,
    context,
    guessFirst: guessing !== undefined,
    read: [stream(place, counter, guessing?.places), stream(capacityStream, settings, remembered)],
    decide: ([slot, capacity]) => ({
      append: [
        { streamId: place, events: counter.decide({ by, capacity: capacity.state }, slot.state) },
      ],
      unchanged: [capacityStream],
    }),
    answer: (committed) => committed,
  });

it('never exceeds the capacity under 40 concurrent commands, retrying conflicts', async () => {
  const place = `place-${randomUUID()}`;
  const capacity = `capacity-${randomUUID()}`;
  await setCapacity(capacity, 7);
  const results = await Promise.allSettled(
    Array.from({ length: 40 }, (_, i) => take(place, capacity, `p${i}`)),
  );
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
  const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  expect(refusals.map((r) => (r.reason as Error).message)).toEqual(Array(33).fill('Full'));
  expect(await store.readStream(place)).toHaveLength(7);
});

it('answers a retried command from its events and writes nothing twice', async () => {
  const place = `place-${randomUUID()}`;
  const capacity = `capacity-${randomUUID()}`;
  await setCapacity(capacity, 1);
  const commandId = randomUUID();
  const first = await take(place, capacity, 'ann', commandId);
  // Full now: deciding again would refuse, but the retry finds its own events first.
  const again = await take(place, capacity, 'ann', commandId);
  expect(first.alreadyAppended).toBe(false);
  expect(again).toEqual({ ...first, alreadyAppended: true });
  expect(await store.readStream(place)).toHaveLength(1);
  // Two tries of one command at once: one writes, the other finds it.
  const other = `place-${randomUUID()}`;
  await setCapacity(capacity, 5);
  const id = randomUUID();
  await Promise.all([take(other, capacity, 'bo', id), take(other, capacity, 'bo', id)]);
  expect(await store.readStream(other)).toHaveLength(1);
});

it('decides again when a stream it decided on changed before the commit', async () => {
  const place = `place-${randomUUID()}`;
  const capacity = `capacity-${randomUUID()}`;
  await setCapacity(capacity, 1);
  let lowered = false;
  const result = await pipeline
    .run({
      commandId: null,
      context,
      read: [stream(place, counter), stream(capacity, settings)],
      decide: async ([slot, cap]) => {
        if (!lowered) {
          lowered = true;
          await setCapacity(capacity, 0);
        }
        return {
          append: [
            {
              streamId: place,
              events: counter.decide({ by: 'x', capacity: cap.state }, slot.state),
            },
          ],
          unchanged: [capacity],
        };
      },
      answer: (c) => c,
    })
    .catch((error: unknown) => error);
  expect(result).toBeInstanceOf(ConflictError);
  expect((result as Error).message).toBe('Full');
  expect(await store.readStream(place)).toHaveLength(0);
});

it('reads remembered streams from where it left off and reads more streams on demand', async () => {
  const place = `place-${randomUUID()}`;
  const more = `place-${randomUUID()}`;
  const capacity = `capacity-${randomUUID()}`;
  await setCapacity(capacity, 3);
  const remembered = new FoldedStates<number>();
  await take(place, capacity, 'a', null, remembered);
  expect(remembered.get(capacity)).toEqual({ state: 3, revision: 0 });
  await setCapacity(capacity, 9);
  const result = await pipeline.run({
    commandId: null,
    context,
    read: [stream(capacity, settings, remembered)],
    decide: async ([cap], readMore) => {
      const [second] = await readMore([stream(more, counter)]);
      return {
        append: [
          {
            streamId: more,
            events: counter.decide({ by: 'b', capacity: cap.state }, second.state),
          },
        ],
      };
    },
    answer: (c) => c.events,
  });
  expect(remembered.get(capacity)).toEqual({ state: 9, revision: 1 });
  expect(result).toEqual([{ type: 'PlaceTaken', data: { by: 'b' } }]);
});

it('gives up after its attempts with the command busy message', async () => {
  let attempts = 0;
  const outcome = await pipeline
    .run({
      commandId: null,
      context,
      read: [stream(`place-${randomUUID()}`, counter)],
      decide: () => {
        attempts += 1;
        throw new ReadAgain();
      },
      answer: () => null,
      busy: 'Too busy',
    })
    .catch((error: unknown) => error);
  expect(attempts).toBe(MAX_ATTEMPTS);
  expect(outcome).toEqual(new ConflictError('Too busy'));
});

describe('a first attempt on guessed states (guessFirst)', () => {
  /** The store's multi-stream reads, counted: a guessed attempt makes none. */
  const counted = () => {
    let reads = 0;
    const counting = Object.create(store) as PostgresEventStore;
    counting.readStreams = (...args) => {
      reads += 1;
      return store.readStreams(...args);
    };
    return { pipeline: new CommandPipeline(counting), reads: () => reads };
  };
  /** `take` on its first attempt without reading: places and capacities as remembered. */
  const takeGuessing = (
    on: CommandPipeline,
    place: string,
    capacityStream: string,
    by: string,
    capacities: FoldedStates<number>,
    places: FoldedStates<number>,
    commandId: string | null = null,
  ) => take(place, capacityStream, by, commandId, capacities, { on, places });

  it('decides on remembered and new streams without reading, and the append proves it', async () => {
    const capacity = `capacity-${randomUUID()}`;
    await setCapacity(capacity, 2);
    const [capacities, places] = [new FoldedStates<number>(), new FoldedStates<number>()];
    await take(`place-${randomUUID()}`, capacity, 'a', null, capacities);
    const { pipeline: guessing, reads } = counted();
    const place = `place-${randomUUID()}`;
    const first = await takeGuessing(guessing, place, capacity, 'b', capacities, places);
    const second = await takeGuessing(guessing, place, capacity, 'c', capacities, places);
    expect(reads()).toBe(0);
    expect([first.alreadyAppended, second.alreadyAppended]).toEqual([false, false]);
    expect(places.get(place)).toEqual({ state: 2, revision: 1 });
    expect((await store.readStream(place)).map((e) => e.data)).toEqual([{ by: 'b' }, { by: 'c' }]);
  });

  it('reads and decides again when a guess is stale, and trusts no refusal made on one', async () => {
    const capacity = `capacity-${randomUUID()}`;
    await setCapacity(capacity, 0);
    const [capacities, places] = [new FoldedStates<number>(), new FoldedStates<number>()];
    await pipeline.read([stream(capacity, settings, capacities)]);
    expect(capacities.get(capacity)).toEqual({ state: 0, revision: 0 });
    // Raised elsewhere: the remembered capacity 0 would refuse, the store's 3 admits.
    await setCapacity(capacity, 3);
    const place = `place-${randomUUID()}`;
    // The place was taken elsewhere: the guess of a new stream is wrong.
    await take(place, capacity, 'elsewhere');
    const { pipeline: guessing, reads } = counted();
    await takeGuessing(guessing, place, capacity, 'b', capacities, places);
    expect(reads()).toBe(1);
    expect(capacities.get(capacity)).toEqual({ state: 3, revision: 1 });
    expect((await store.readStream(place)).map((e) => e.data)).toEqual([
      { by: 'elsewhere' },
      { by: 'b' },
    ]);
    // The place is full now and this process knows it: still refused, after a read.
    await take(place, capacity, 'c');
    const refused = await takeGuessing(guessing, place, capacity, 'd', capacities, places).catch(
      (e: unknown) => e,
    );
    expect(refused).toEqual(new ConflictError('Full'));
    expect(reads()).toBe(2);
  });

  it('answers a retried command from its events, and never exceeds the capacity', async () => {
    const capacity = `capacity-${randomUUID()}`;
    await setCapacity(capacity, 7);
    const [capacities, places] = [new FoldedStates<number>(), new FoldedStates<number>()];
    await take(`place-${randomUUID()}`, capacity, 'warm', null, capacities);
    const place = `place-${randomUUID()}`;
    const commandId = randomUUID();
    const first = await takeGuessing(
      pipeline,
      place,
      capacity,
      'ann',
      capacities,
      places,
      commandId,
    );
    const fresh = new FoldedStates<number>();
    const again = await takeGuessing(
      pipeline,
      place,
      capacity,
      'ann',
      capacities,
      fresh,
      commandId,
    );
    expect(again).toEqual({ ...first, alreadyAppended: true });
    const race = `place-${randomUUID()}`;
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        takeGuessing(pipeline, race, capacity, `p${i}`, capacities, places),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(7);
    expect(await store.readStream(race)).toHaveLength(7);
    expect(await store.readStream(place)).toHaveLength(1);
  });
});
