import { randomUUID } from 'node:crypto';
import {
  type EventStore,
  IdempotencyConflict,
  LOG_START,
  type RecordedEvent,
  StaleGuess,
  WrongExpectedRevision,
} from '@medbook/event-store';
import type { PostgresEventStoreOptions } from '@medbook/event-store';
import { eventually, newEvent, newEvents, testMetadata } from '../../support/events';

export interface ContractSubject {
  create(options?: PostgresEventStoreOptions): EventStore;
}

const stream = (prefix = 'test') => `${prefix}-${randomUUID()}`;

/** Behaviour every EventStore adapter must have; each adapter's spec runs it. */
export function describeEventStoreContract(name: string, subject: ContractSubject): void {
  describe(`${name} (event store contract)`, () => {
    let store: EventStore;

    beforeEach(() => {
      store = subject.create({ pollIntervalMs: 200 });
    });

    afterEach(async () => {
      await store.close();
    });

    describe('append with an expected revision', () => {
      it('creates a stream when no stream is expected, and refuses a second creation', async () => {
        const id = stream();
        const result = await store.appendToStream(id, newEvents(2), 'no_stream');
        expect(result.revisions[id]).toBe(1);
        expect(result.alreadyAppended).toBe(false);
        const error = await store
          .appendToStream(id, [newEvent()], 'no_stream')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevision);
        expect(error).toMatchObject({ streamId: id, expected: 'no_stream', actual: 1 });
      });

      it('appends at the exact revision and names stream, expected and actual on a mismatch', async () => {
        const id = stream();
        await store.appendToStream(id, newEvents(3), 'no_stream');
        const ok = await store.appendToStream(id, [newEvent()], 2);
        expect(ok.revisions[id]).toBe(3);
        const error = await store.appendToStream(id, [newEvent()], 1).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevision);
        expect(error).toMatchObject({ streamId: id, expected: 1, actual: 3 });
        expect((error as Error).message).toContain(id);
        expect(await store.readStream(id)).toHaveLength(4);
      });

      it('requires an existing stream for stream_exists', async () => {
        const id = stream();
        const error = await store
          .appendToStream(id, [newEvent()], 'stream_exists')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevision);
        expect(error).toMatchObject({
          streamId: id,
          expected: 'stream_exists',
          actual: 'no_stream',
        });
        await store.appendToStream(id, [newEvent()], 'any');
        const ok = await store.appendToStream(id, [newEvent()], 'stream_exists');
        expect(ok.revisions[id]).toBe(1);
      });

      it('appends with any whatever the stream holds', async () => {
        const id = stream();
        await store.appendToStream(id, [newEvent()], 'any');
        const result = await store.appendToStream(id, newEvents(2), 'any');
        expect(result.revisions[id]).toBe(2);
      });

      it('lets exactly one of many concurrent writers at the same revision win', async () => {
        const id = stream();
        await store.appendToStream(id, [newEvent()], 'no_stream');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, () => store.appendToStream(id, [newEvent()], 0)),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        const failures = outcomes.filter((o) => o.status === 'rejected');
        expect(failures).toHaveLength(9);
        for (const failure of failures)
          expect(failure.reason).toBeInstanceOf(WrongExpectedRevision);
        expect(await store.readStream(id)).toHaveLength(2);
      });
    });

    describe('append to several streams', () => {
      it('writes all streams atomically with their own expectations', async () => {
        const [a, b] = [stream('a'), stream('b')];
        await store.appendToStream(a, [newEvent()], 'no_stream');
        const result = await store.appendToStreams([
          { streamId: a, events: [newEvent()], expectedRevision: 0 },
          { streamId: b, events: newEvents(2), expectedRevision: 'no_stream' },
        ]);
        expect(result.revisions).toEqual({ [a]: 1, [b]: 1 });
        expect(await store.readStream(a)).toHaveLength(2);
        expect(await store.readStream(b)).toHaveLength(2);
      });

      it('writes nothing when one expectation fails', async () => {
        const [a, b] = [stream('a'), stream('b')];
        await store.appendToStream(b, [newEvent()], 'no_stream');
        const error = await store
          .appendToStreams([
            { streamId: a, events: [newEvent()], expectedRevision: 'no_stream' },
            { streamId: b, events: [newEvent()], expectedRevision: 'no_stream' },
          ])
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevision);
        expect(error).toMatchObject({ streamId: b, actual: 0 });
        expect(await store.readStream(a)).toHaveLength(0);
        expect(await store.readStream(b)).toHaveLength(1);
        await expect(store.appendToStream(a, [newEvent()], 'no_stream')).resolves.toMatchObject({
          revisions: { [a]: 0 },
        });
      });
    });

    describe('append with streams that must stay unchanged', () => {
      it('writes when each checked stream is where it was read, and leaves it untouched', async () => {
        const [calendar, slot, fresh] = [stream('c'), stream('s'), stream('f')];
        await store.appendToStream(calendar, newEvents(2), 'no_stream');
        await store.appendToStream(slot, [newEvent()], 'no_stream');
        const result = await store.appendToStreams(
          [
            { streamId: slot, events: [newEvent()], expectedRevision: 0 },
            { streamId: fresh, events: [newEvent()], expectedRevision: 'no_stream' },
          ],
          { unchanged: [{ streamId: calendar, expectedRevision: 1 }] },
        );
        expect(result.revisions).toEqual({ [slot]: 1, [fresh]: 0 });
        expect(await store.readStream(calendar)).toHaveLength(2);
        const single = await store.appendToStreams(
          [{ streamId: slot, events: [newEvent()], expectedRevision: 'any' }],
          { unchanged: [{ streamId: stream('none'), expectedRevision: 'no_stream' }] },
        );
        expect(single.revisions).toEqual({ [slot]: 2 });
      });

      it('writes nothing when a checked stream moved on, naming it', async () => {
        const [calendar, slot, fresh] = [stream('c'), stream('s'), stream('f')];
        await store.appendToStream(calendar, newEvents(2), 'no_stream');
        await store.appendToStream(slot, [newEvent()], 'no_stream');
        for (const appends of [
          [
            { streamId: slot, events: [newEvent()], expectedRevision: 0 },
            { streamId: fresh, events: [newEvent()], expectedRevision: 'no_stream' as const },
          ],
          [{ streamId: slot, events: [newEvent()], expectedRevision: 'any' as const }],
        ]) {
          const error = await store
            .appendToStreams(appends, { unchanged: [{ streamId: calendar, expectedRevision: 0 }] })
            .catch((e: unknown) => e);
          expect(error).toBeInstanceOf(WrongExpectedRevision);
          expect(error).toMatchObject({ streamId: calendar, expected: 0, actual: 1 });
        }
        expect(await store.readStream(slot)).toHaveLength(1);
        expect(await store.readStream(fresh)).toHaveLength(0);
      });

      it('lets a retry of a committed append succeed though the checked stream moved since', async () => {
        const [calendar, slot] = [stream('c'), stream('s')];
        await store.appendToStream(calendar, [newEvent()], 'no_stream');
        await store.appendToStream(slot, [newEvent()], 'no_stream');
        const appends = [{ streamId: slot, events: [newEvent()], expectedRevision: 0 }];
        const first = await store.appendToStreams(appends, {
          unchanged: [{ streamId: calendar, expectedRevision: 0 }],
        });
        await store.appendToStream(calendar, [newEvent()], 0);
        const retry = await store.appendToStreams(appends, {
          unchanged: [{ streamId: calendar, expectedRevision: 0 }],
        });
        expect(retry).toMatchObject({ alreadyAppended: true, position: first.position });
      });

      it('refuses a stream both written and checked', async () => {
        const slot = stream('s');
        await expect(
          store.appendToStreams(
            [{ streamId: slot, events: [newEvent()], expectedRevision: 'any' }],
            {
              unchanged: [{ streamId: slot, expectedRevision: 0 }],
            },
          ),
        ).rejects.toThrow(/both written and checked/);
      });
    });

    describe('appends on guessed revisions', () => {
      it('commits a right guess like any append', async () => {
        const [calendar, slot, fresh] = [stream('c'), stream('s'), stream('f')];
        await store.appendToStream(calendar, [newEvent()], 'no_stream');
        await store.appendToStream(slot, [newEvent()], 'no_stream');
        const result = await store.appendToStreams(
          [
            { streamId: fresh, events: [newEvent()], expectedRevision: 'no_stream' },
            { streamId: slot, events: [newEvent()], expectedRevision: 0 },
          ],
          { unchanged: [{ streamId: calendar, expectedRevision: 0 }], guessed: true },
        );
        expect(result).toMatchObject({ revisions: { [slot]: 1, [fresh]: 0 } });
        expect(result.alreadyAppended).toBe(false);
        const single = await store.appendToStreams(
          [{ streamId: stream('n'), events: newEvents(2), expectedRevision: 'no_stream' }],
          { guessed: true },
        );
        expect(Object.values(single.revisions)).toEqual([1]);
      });

      it('throws StaleGuess and writes nothing when any guess is wrong, a retry included', async () => {
        const [calendar, slot, created] = [stream('c'), stream('s'), stream('x')];
        await store.appendToStream(calendar, newEvents(2), 'no_stream');
        await store.appendToStream(slot, newEvents(2), 'no_stream');
        await store.appendToStream(created, [newEvent()], 'no_stream');
        const appended = newEvents(1);
        const committed = stream('r');
        await store.appendToStream(committed, appended, 'no_stream');
        const wrong: [string, Parameters<EventStore['appendToStreams']>][] = [
          [
            'a stream guessed new exists',
            [
              [{ streamId: created, events: [newEvent()], expectedRevision: 'no_stream' }],
              { guessed: true },
            ],
          ],
          [
            'a stream moved past its guess',
            [[{ streamId: slot, events: [newEvent()], expectedRevision: 0 }], { guessed: true }],
          ],
          [
            'a checked stream moved',
            [
              [{ streamId: stream('f'), events: [newEvent()], expectedRevision: 'no_stream' }],
              { unchanged: [{ streamId: calendar, expectedRevision: 0 }], guessed: true },
            ],
          ],
          [
            'of two streams, the one guessed at a revision moved',
            [
              [
                { streamId: stream('a'), events: [newEvent()], expectedRevision: 'no_stream' },
                { streamId: slot, events: [newEvent()], expectedRevision: 0 },
              ],
              { guessed: true },
            ],
          ],
          [
            'the same events were appended before',
            [
              [{ streamId: committed, events: appended, expectedRevision: 'no_stream' }],
              { guessed: true },
            ],
          ],
        ];
        for (const [why, args] of wrong) {
          const error = await store.appendToStreams(...args).catch((e: unknown) => e);
          expect([why, error]).toEqual([why, expect.any(StaleGuess)]);
        }
        expect(await store.readStream(slot)).toHaveLength(2);
        expect(await store.readStream(created)).toHaveLength(1);
        expect(await store.readStream(committed)).toHaveLength(1);
        // Unguessed, the same retry is recognised as one.
        const retry = await store.appendToStream(committed, appended, 'no_stream');
        expect(retry.alreadyAppended).toBe(true);
      });
    });

    describe('idempotent retries', () => {
      it('answers a retry with the first result and writes nothing', async () => {
        const id = stream();
        const events = newEvents(2);
        const first = await store.appendToStream(id, events, 'no_stream');
        const retry = await store.appendToStream(id, events, 'no_stream');
        expect(retry).toEqual({ ...first, alreadyAppended: true });
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it('lets identical concurrent retries all succeed with one write', async () => {
        const id = stream();
        const events = newEvents(1);
        const results = await Promise.all(
          Array.from({ length: 5 }, () => store.appendToStream(id, events, 'no_stream')),
        );
        expect(new Set(results.map((r) => r.position)).size).toBe(1);
        expect(results.filter((r) => !r.alreadyAppended)).toHaveLength(1);
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('refuses the same event ids with a different payload', async () => {
        const id = stream();
        const [event] = newEvents(1);
        await store.appendToStream(id, [event!], 'no_stream');
        const error = await store
          .appendToStream(id, [{ ...event!, data: { n: 'changed' } }], 'no_stream')
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(IdempotencyConflict);
        const [stored] = await store.readStream(id);
        expect(stored?.data).toEqual({ n: 0 });
      });
    });

    describe('reads', () => {
      it('reads a stream forwards and backwards from a revision', async () => {
        const id = stream();
        await store.appendToStream(id, newEvents(5), 'no_stream');
        const forwards = await store.readStream(id, { fromRevision: 2 });
        expect(forwards.map((e) => e.streamRevision)).toEqual([2, 3, 4]);
        expect(forwards.map((e) => (e.data as { n: number }).n)).toEqual([2, 3, 4]);
        const backwards = await store.readStream(id, {
          direction: 'backwards',
          fromRevision: 3,
          maxCount: 2,
        });
        expect(backwards.map((e) => e.streamRevision)).toEqual([3, 2]);
        const last = await store.readStream(id, { direction: 'backwards', maxCount: 1 });
        expect(last[0]?.streamRevision).toBe(4);
      });

      it('reads all events in order from a place in the log', async () => {
        const a = stream('a');
        const b = stream('b');
        const first = await store.appendToStream(a, newEvents(2), 'no_stream');
        await store.appendToStream(b, newEvents(2), 'no_stream');
        await store.appendToStream(a, newEvents(1), 1);
        // Reads stop below the oldest running transaction, which may belong to another test's
        // database on the same server (transaction ids are cluster-wide): wait until it ends.
        const after = await eventually(
          () => store.readAll({ after: first.logPosition, maxCount: 10_000 }),
          (events) => events.filter((e) => e.streamId === a || e.streamId === b).length >= 3,
        );
        const mine = after.filter((e) => e.streamId === a || e.streamId === b);
        expect(mine.map((e) => `${e.streamId === a ? 'a' : 'b'}${e.streamRevision}`)).toEqual([
          'b0',
          'b1',
          'a2',
        ]);
        const positions = after.map((e) => e.globalPosition);
        expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      });

      it('records id, type, data, metadata, stream, revision, position and time of each event', async () => {
        const id = stream();
        const event = { ...newEvent('PatientCheckedIn', { at: 'desk' }), metadata: testMetadata() };
        const result = await store.appendToStream(id, [event], 'no_stream');
        const [recorded] = await store.readStream(id);
        expect(recorded).toEqual<RecordedEvent>({
          id: event.id,
          type: 'PatientCheckedIn',
          data: { at: 'desk' },
          metadata: {
            actorId: 'user-1',
            actorRole: 'PracticeAdmin',
            onBehalfOf: null,
            ip: '203.0.113.9',
            userAgent: 'jest',
            correlationId: 'corr-1',
            causationId: 'cause-1',
            commandId: 'cmd-1',
          },
          streamId: id,
          streamRevision: 0,
          globalPosition: result.position,
          logPosition: result.logPosition,
          recordedAt: expect.any(Date) as Date,
        });
      });
    });

    describe('subscriptions', () => {
      it('catches up from a place in the log, then delivers live events in order', async () => {
        const id = stream();
        const start = await store.appendToStream(id, newEvents(3), 'no_stream');
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({
          from: LOG_START,
          handle: async (events) => {
            seen.push(...events.filter((e) => e.streamId === id));
          },
        });
        await eventually(
          () => seen.length,
          (n) => n === 3,
        );
        await store.appendToStream(id, newEvents(2), start.revisions[id]);
        await eventually(
          () => seen.length,
          (n) => n === 5,
        );
        expect(seen.map((e) => e.streamRevision)).toEqual([0, 1, 2, 3, 4]);
        await subscription.stop();
        expect(subscription.position.position).toBeGreaterThanOrEqual(seen[4]!.globalPosition);
      });

      it('retries a batch whose handler failed, from the same place', async () => {
        const id = stream();
        await store.appendToStream(id, newEvents(2), 'no_stream');
        let failures = 0;
        const seen: number[] = [];
        const subscription = store.subscribeToAll({
          from: LOG_START,
          handle: async (events) => {
            const mine = events.filter((e) => e.streamId === id);
            if (mine.length && failures < 2) {
              failures += 1;
              throw new Error('handler down');
            }
            seen.push(...mine.map((e) => e.streamRevision));
          },
        });
        await eventually(
          () => seen.length,
          (n) => n === 2,
        );
        expect(seen).toEqual([0, 1]);
        expect(failures).toBe(2);
        await subscription.stop();
      });
    });
  });
}
