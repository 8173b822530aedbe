import { randomUUID } from 'node:crypto';
import {
  EVENTS_CHANNEL,
  LOG_START,
  PostgresEventStore,
  type RecordedEvent,
} from '@medbook/event-store';
import postgres from 'postgres';
import {
  eventually,
  newEvent,
  newEvents,
  openTransaction,
  testMetadata,
} from '../../support/events';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';
import { describeEventStoreContract } from './event-store.contract';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ max: 20 });
});

afterAll(async () => {
  await database.drop();
});

describeEventStoreContract('PostgresEventStore', {
  create: (options) => new PostgresEventStore(database.sql, options),
});

describe('PostgresEventStore on PostgreSQL', () => {
  let store: PostgresEventStore;

  beforeEach(() => {
    store = new PostgresEventStore(database.sql, { pollIntervalMs: 200 });
  });

  afterEach(async () => {
    await store.close();
  });

  const appendInOpenTransaction = (tx: postgres.TransactionSql, streamId: string) =>
    tx<{ global_position: string }[]>`
      SELECT global_position FROM es_append(${[streamId]}::text[], ${[-2]}::bigint[],
        ${tx.json([{ id: randomUUID(), s: 1, t: 'Late', d: {}, m: testMetadata() }] as never)}::jsonb,
        now())`;

  it('never skips an event whose transaction commits after a later-positioned one', async () => {
    const seen: number[] = [];
    const streamA = `late-${randomUUID()}`;
    const streamB = `early-${randomUUID()}`;
    const subscription = store.subscribeToAll({
      from: LOG_START,
      handle: async (events) => {
        seen.push(
          ...events
            .filter((e) => e.streamId === streamA || e.streamId === streamB)
            .map((e) => e.globalPosition),
        );
      },
    });
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstPosition = 0;
    let firstAppended!: () => void;
    const firstHasAppended = new Promise<void>((resolve) => (firstAppended = resolve));
    const first = database.sql.begin(async (tx) => {
      const [row] = await appendInOpenTransaction(tx, streamA);
      firstPosition = Number(row!.global_position);
      firstAppended();
      await firstMayCommit;
    });
    await firstHasAppended;
    let secondPosition = 0;
    await database.sql.begin(async (tx) => {
      const [row] = await appendInOpenTransaction(tx, streamB);
      secondPosition = Number(row!.global_position);
    });
    expect(secondPosition).toBeGreaterThan(firstPosition);

    // The later position has committed, but it must wait behind the still-open earlier one.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(seen).toEqual([]);
    expect(
      (await store.readAll({ after: LOG_START, maxCount: 100_000 })).map((e) => e.globalPosition),
    ).not.toContain(secondPosition);

    releaseFirst();
    await first;
    await eventually(
      () => seen.length,
      (n) => n === 2,
    );
    expect(seen).toEqual([firstPosition, secondPosition]);
    await subscription.stop();
  });

  it('is not held back by a transaction running in another database of the server', async () => {
    const other = postgres(database.url.replace(/\/[^/]+$/, '/postgres'), {
      max: 1,
      onnotice: () => undefined,
    });
    const elsewhere = await openTransaction(other);
    try {
      const id = `elsewhere-${randomUUID()}`;
      const seen: number[] = [];
      const subscription = store.subscribeToAll({
        from: (await store.head())?.logPosition ?? LOG_START,
        handle: async (events) => {
          seen.push(...events.filter((e) => e.streamId === id).map((e) => e.globalPosition));
        },
      });
      const appended = await store.appendToStream(id, [newEvent()], 'no_stream');
      // A subscription first reads below the server's oldest transaction, then, held back,
      // leaves out the other database's.
      await eventually(
        () => seen,
        (positions) => positions.length === 1,
        5000,
      );
      await subscription.stop();
      expect(seen).toEqual([appended.position]);
      // The other database's transaction is older and still running, and yet the event is read.
      expect(BigInt(appended.logPosition.commit)).toBeGreaterThan(BigInt(elsewhere.xid));
      const read = await eventually(
        () => store.readAll({ after: LOG_START, maxCount: 100_000 }),
        (events) => events.some((e) => e.streamId === id),
        5000,
      );
      expect(read.find((e) => e.streamId === id)?.globalPosition).toBe(appended.position);
      expect((await store.head())?.position).toBeGreaterThanOrEqual(appended.position);
      const [status] = await database.sql<{ status: string }[]>`
        SELECT pg_xact_status(${elsewhere.xid}::xid8) AS status`;
      expect(status!.status).toBe('in progress');
    } finally {
      await elsewhere.commit();
      await other.end();
    }
  });

  it('is held back by an older transaction of this database before it appends, and then reads its event first', async () => {
    const early = `early-writer-${randomUUID()}`;
    const late = `late-writer-${randomUUID()}`;
    const from = (await store.head())?.logPosition ?? LOG_START;
    // The older transaction has a transaction id (from some other write) but no event yet.
    const older = await openTransaction(database.sql, (tx) => appendInOpenTransaction(tx, early));
    const later = await store.appendToStream(late, [newEvent()], 'no_stream');
    expect(BigInt(later.logPosition.commit)).toBeGreaterThan(BigInt(older.xid));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mine = (events: readonly RecordedEvent[]) =>
      events.filter((e) => e.streamId === early || e.streamId === late).map((e) => e.streamId);
    expect(mine(await store.readAll({ after: from, maxCount: 100_000 }))).toEqual([]);
    await older.commit();
    const read = await eventually(
      () => store.readAll({ after: from, maxCount: 100_000 }),
      (events) => mine(events).length === 2,
      5000,
    );
    expect(mine(read)).toEqual([early, late]);
  });

  it('wakes subscribers through LISTEN/NOTIFY without waiting for a poll', async () => {
    const listeners = async () => {
      const [row] = await database.sql<{ n: number }[]>`SELECT count(*)::int AS n
        FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'listen %'`;
      return row!.n;
    };
    const before = await listeners();
    const listening = new PostgresEventStore(database.sql, { pollIntervalMs: 60_000 });
    const id = `notify-${randomUUID()}`;
    const seen: RecordedEvent[] = [];
    const subscription = listening.subscribeToAll({
      from: (await listening.head())?.logPosition ?? LOG_START,
      handle: async (events) => {
        seen.push(...events.filter((e) => e.streamId === id));
      },
    });
    // Its LISTEN is in place (on a busy machine that can take longer than any fixed pause).
    await eventually(listeners, (n) => n > before);
    const startedAt = Date.now();
    // Another store instance writes, as another process would: only NOTIFY can wake this one.
    await store.appendToStream(id, [newEvent()], 'no_stream');
    // Well under the 60 s poll, even when another test file's open transaction on this server
    // holds readers back for a few seconds.
    await eventually(
      () => seen.length,
      (n) => n === 1,
      20_000,
    );
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    await subscription.stop();
    await listening.close();
  });

  it('spaces NOTIFYs under a burst of appends, and still tells of the last one', async () => {
    const spaced = new PostgresEventStore(database.sql, { notifySpacingMs: 50 });
    const received: number[] = [];
    const listener = await database.sql.listen(EVENTS_CHANNEL, () => received.push(Date.now()));
    const id = `burst-${randomUUID()}`;
    const startedAt = Date.now();
    await spaced.appendToStream(id, [newEvent()], 'no_stream');
    for (let revision = 0; revision < 49; revision += 1) {
      await spaced.appendToStream(id, [newEvent()], revision);
    }
    const appendedAt = Date.now();
    // The one after the last append comes within the spacing (and the NOTIFY's own trip).
    await eventually(
      () => received.filter((at) => at >= appendedAt).length,
      (n) => n >= 1,
      5000,
    );
    await spaced.close();
    const elapsed = appendedAt - startedAt;
    // One NOTIFY, then at most one per 50 ms while the burst lasts, and the trailing one.
    expect(received.length).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 2);
    expect(received.length).toBeLessThan(50);
    await listener.unlisten();
  });

  it('falls back to polling when notifications are off', async () => {
    const polling = new PostgresEventStore(database.sql, { pollIntervalMs: 100, listen: false });
    const id = `poll-${randomUUID()}`;
    const seen: RecordedEvent[] = [];
    const subscription = polling.subscribeToAll({
      from: (await polling.head())?.logPosition ?? LOG_START,
      handle: async (events) => {
        seen.push(...events.filter((e) => e.streamId === id));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await store.appendToStream(id, [newEvent()], 'no_stream');
    await eventually(
      () => seen.length,
      (n) => n === 1,
      5000,
    );
    await subscription.stop();
    await polling.close();
  });

  it('survives dropped database connections and resumes from its checkpoint', async () => {
    const id = `drop-${randomUUID()}`;
    await store.appendToStream(id, newEvents(2), 'no_stream');
    const seen: number[] = [];
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll({
      from: LOG_START,
      handle: async (events) => {
        seen.push(...events.filter((e) => e.streamId === id).map((e) => e.streamRevision));
      },
      onError: (error) => errors.push(error),
    });
    await eventually(
      () => seen.length,
      (n) => n === 2,
    );
    const admin = postgres(database.url.replace(/\/[^/]+$/, '/postgres'), { max: 1 });
    const killed = await admin<{ pid: number }[]>`
      SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
       WHERE datname = ${database.name} AND pid <> pg_backend_pid()`;
    await admin.end();
    expect(killed.length).toBeGreaterThan(0);
    // The pool notices its dead connections asynchronously; writers retry like a client would.
    await eventually(
      () =>
        database.sql`SELECT 1`.then(
          () => true,
          () => false,
        ),
      (ok) => ok,
    );
    await store.appendToStream(id, newEvents(2), 1);
    await eventually(
      () => seen.length,
      (n) => n === 4,
      10_000,
    );
    expect(seen).toEqual([0, 1, 2, 3]);
    await subscription.stop();
  });

  it('orders the log by transaction id as a number, across a change in its digit count', async () => {
    // Two events whose writers' transaction ids straddle a change in digit count (999 and 1000,
    // or the like below the server's oldest running transaction), the larger id at the earlier
    // position: as numbers the smaller comes first; as text the larger would, and so would the
    // positions. The ids are written as given (the column's default is the writer's own), so the
    // test does not depend on how far the server's transaction ids have got: burning them up to
    // the next power of ten took minutes on a long-lived server.
    const [snapshot] = await database.sql<{ xmin: string }[]>`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`;
    const larger = 10 ** (snapshot!.xmin.length - 1);
    const smaller = larger - 1;
    expect(String(smaller).length).toBeLessThan(String(larger).length);
    const early = `digits-${larger}-${randomUUID()}`;
    const late = `digits-${smaller}-${randomUUID()}`;
    const rows = await database.sql<{ stream_id: string; global_position: string }[]>`
      INSERT INTO es_events (transaction_id, event_id, stream_id, stream_revision, event_type,
                             data, metadata, recorded_at)
      VALUES (${String(larger)}::xid8, ${randomUUID()}, ${early}, 0, 'Digits', '{}', '{}', now()),
             (${String(smaller)}::xid8, ${randomUUID()}, ${late}, 0, 'Digits', '{}', '{}', now())
      RETURNING stream_id, global_position`;
    const position = (stream: string) =>
      Number(rows.find((row) => row.stream_id === stream)!.global_position);
    expect(position(early)).toBeLessThan(position(late));
    const mine = (events: readonly RecordedEvent[]) =>
      events.filter((e) => e.streamId === early || e.streamId === late).map((e) => e.streamId);

    const all = await store.readAll({ after: LOG_START, maxCount: 100_000 });
    expect(mine(all)).toEqual([late, early]);
    expect(all.find((e) => e.streamId === late)!.logPosition).toEqual({
      commit: smaller,
      position: position(late),
    });
    // Reading on from the first: the second is after it, the first is not.
    const rest = await store.readAll({ after: { commit: smaller, position: position(late) } });
    expect(mine(rest)).toEqual([early]);
    // A subscription taking one event a batch crosses the change from batch to batch.
    const seen: string[] = [];
    const subscription = store.subscribeToAll({
      from: LOG_START,
      batchSize: 1,
      handle: async (events) => {
        seen.push(...mine(events));
      },
    });
    await eventually(
      () => seen.length,
      (n) => n === 2,
    );
    await subscription.stop();
    expect(seen).toEqual([late, early]);
  });

  it('refuses to update, delete or truncate events', async () => {
    const id = `immutable-${randomUUID()}`;
    await store.appendToStream(id, [newEvent()], 'no_stream');
    await expect(
      database.sql`UPDATE es_events SET data = '{}' WHERE stream_id = ${id}`,
    ).rejects.toThrow(/append-only/);
    await expect(database.sql`DELETE FROM es_events WHERE stream_id = ${id}`).rejects.toThrow(
      /append-only/,
    );
    await expect(database.sql`TRUNCATE es_events`).rejects.toThrow(/append-only/);
    expect(await store.readStream(id)).toHaveLength(1);
  });
});
