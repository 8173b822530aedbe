import { PostgresEventStore, type RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import pino from 'pino';
import type { Projection } from '../../../apps/api/src/infra/projections/projection';
import { readCheckpoint } from '../../../apps/api/src/infra/projections/projection-checkpoints';
import { ProjectionGroup } from '../../../apps/api/src/infra/projections/projection-group';
import { ProjectionRunner } from '../../../apps/api/src/infra/projections/projection-runner';
import { eventually, newEvents } from '../../support/events';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

const clock = { now: () => new Date('2026-11-23T10:00:00Z') };
const logger = pino({ level: 'silent' });

let database: TestDatabase;
let store: PostgresEventStore;
const published: { name: string; position: number }[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ max: 10 });
  await sql`CREATE TABLE group_applied (name text NOT NULL, position bigint NOT NULL,
              txid bigint NOT NULL DEFAULT txid_current())`.execute(database.db);
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  store = new PostgresEventStore(database.sql, { pollIntervalMs: 100 });
  published.length = 0;
});

afterEach(async () => {
  await store.close();
});

/** Records each event it applies with the writing transaction's id; throws while `broken` says so. */
function recorder(name: string, broken: (event: RecordedEvent) => boolean = () => false) {
  const projection: Projection = {
    name,
    tables: [],
    async apply(event, { trx, publish }) {
      if (broken(event)) throw new Error(`${name} cannot apply ${event.streamId}`);
      await sql`INSERT INTO group_applied (name, position)
                VALUES (${name}, ${event.globalPosition})`.execute(trx);
      publish('ops', 'projection.position', { name, position: event.globalPosition, at: 'x' });
    },
  };
  return new ProjectionRunner(projection, {
    store,
    db: database.db,
    clock,
    logger,
    publisher: {
      publish: (_room, event, message) => {
        if (event === 'projection.position') {
          const m = message as { name: string; position: number };
          published.push({ name: m.name, position: m.position });
        }
      },
    },
  });
}

const groupOf = (runners: ProjectionRunner[]) =>
  new ProjectionGroup(runners, { store, db: database.db, clock, logger, batchSize: 4 });

/** Every committed event of this database, in log order (see projection-runner.int.spec.ts). */
async function allPositions(): Promise<number[]> {
  const { rows } = await sql<{ global_position: string }>`SELECT global_position FROM es_events
    ORDER BY transaction_id, global_position`.execute(database.db);
  return rows.map((row) => Number(row.global_position));
}

async function applied(name: string): Promise<{ position: number; txid: string }[]> {
  const { rows } = await sql<{ position: string; txid: string }>`SELECT position, txid::text
    FROM group_applied WHERE name = ${name} ORDER BY position`.execute(database.db);
  return rows.map((r) => ({ position: Number(r.position), txid: r.txid }));
}

const reached = (runner: ProjectionRunner, position: number) =>
  eventually(
    () => runner.position.position,
    (p) => p === position,
  );

it('applies each batch to every projection in one transaction, each from its own checkpoint', async () => {
  await store.appendToStream('group-1', newEvents(6), 'no_stream');
  const early = await allPositions();
  // One projection is ahead: it ran alone over the first six events.
  const ahead = recorder('ahead');
  await ahead.start();
  await reached(ahead, early[early.length - 1]!);
  await ahead.stop();
  await store.appendToStream('group-1', newEvents(4), 5);
  const all = await allPositions();
  const behind = recorder('behind');
  const group = groupOf([behind, ahead]);
  await group.start();
  await reached(behind, all[all.length - 1]!);
  await reached(ahead, all[all.length - 1]!);
  await group.stop();

  const [behindRows, aheadRows] = [await applied('behind'), await applied('ahead')];
  expect(behindRows.map((r) => r.position)).toEqual(all);
  expect(aheadRows.map((r) => r.position)).toEqual(all);
  // The four events new to both were written by the same transactions for both projections.
  const lastFour = (rows: { txid: string }[]) => rows.slice(-4).map((r) => r.txid);
  expect(lastFour(aheadRows)).toEqual(lastFour(behindRows));
  for (const name of ['ahead', 'behind']) {
    expect((await readCheckpoint(database.db, name)).position).toBe(all[all.length - 1]);
  }
  // Live messages went out for every event each applied in the group, after its commit.
  expect(published.filter((p) => p.name === 'behind').map((p) => p.position)).toEqual(
    expect.arrayContaining(all),
  );
});

it('lets a failing projection leave the group: the others go on, and it catches up alone once fixed', async () => {
  let broken = true;
  const fragile = recorder('fragile', (event) => broken && event.streamId === 'poison-1');
  const steady = recorder('steady');
  const group = groupOf([fragile, steady]);
  await store.appendToStream('calm-1', newEvents(3), 'no_stream');
  await group.start();
  await store.appendToStream('poison-1', newEvents(1), 'no_stream');
  await store.appendToStream('calm-2', newEvents(3), 'no_stream');
  const all = await allPositions();
  await reached(steady, all[all.length - 1]!);
  await eventually(
    () => fragile.state,
    (state) => state === 'failing',
  );
  expect(group.names).toEqual(['steady']);
  const poison = (await store.readStream('poison-1'))[0]!.globalPosition;
  expect((await applied('fragile')).every((r) => r.position < poison)).toBe(true);

  broken = false;
  await reached(fragile, all[all.length - 1]!);
  await group.stop();
  await fragile.stop();
  expect((await applied('fragile')).map((r) => r.position)).toEqual(all);
  expect((await applied('steady')).map((r) => r.position)).toEqual(all);
});

it('applies a projection that reads another’s rows after it, in each batch of the group', async () => {
  const writer = recorder('writer');
  // Records, for each event, whether the writer's row of it was there to read.
  const reader: Projection = {
    name: 'a-reader',
    tables: [],
    appliesAfter: ['writer'],
    async apply(event, { trx }) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM group_applied
        WHERE name = 'writer' AND position = ${event.globalPosition}`.execute(trx);
      await sql`INSERT INTO group_applied (name, position)
                VALUES (${`a-reader saw ${rows[0]!.n}`}, ${event.globalPosition})`.execute(trx);
    },
  };
  const readerRunner = new ProjectionRunner(reader, {
    store,
    db: database.db,
    clock,
    logger,
    publisher: { publish: () => undefined },
  });
  // Sorted by name the reader would come first; the group waits for the writer.
  const group = groupOf([readerRunner, writer]);
  await group.start();
  await store.appendToStream('reads-1', newEvents(10), 'no_stream');
  const all = await allPositions();
  await reached(readerRunner, all[all.length - 1]!);
  await group.stop();
  const { rows } = await sql<{ name: string; n: number }>`SELECT name, count(*)::int AS n
    FROM group_applied WHERE name LIKE 'a-reader%' GROUP BY name`.execute(database.db);
  expect(rows).toEqual([{ name: 'a-reader saw 1', n: all.length }]);
});

it('commits its batches without waiting for the disk (on the prepared statements of the API)', async () => {
  const settings: string[] = [];
  const probe: Projection = {
    name: 'commit-probe',
    tables: [],
    async apply(_event, { trx }) {
      const { rows } = await sql<{ setting: string }>`
        SELECT current_setting('synchronous_commit') AS setting`.execute(trx);
      settings.push(rows[0]!.setting);
    },
  };
  const runner = new ProjectionRunner(probe, {
    store,
    db: database.projectionsDb,
    clock,
    logger,
    publisher: { publish: () => undefined },
  });
  const group = new ProjectionGroup([runner], {
    store,
    db: database.projectionsDb,
    clock,
    logger,
    batchSize: 4,
  });
  await group.start();
  await store.appendToStream('probe-1', newEvents(3), 'no_stream');
  const all = await allPositions();
  await reached(runner, all[all.length - 1]!);
  await group.stop();
  expect(settings.length).toBe(all.length);
  expect(new Set(settings)).toEqual(new Set(['off']));
  // Only the projections' transactions: the session's own setting is the server's default.
  const { rows } = await sql<{ setting: string }>`
    SELECT current_setting('synchronous_commit') AS setting`.execute(database.projectionsDb);
  expect(rows[0]!.setting).toBe('on');
});
