import { PostgresEventStore } from '@medbook/event-store';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import type {
  LiveEventName,
  LiveMessage,
  Projection,
} from '../../../apps/api/src/infra/projections/projection';
import { readCheckpoint } from '../../../apps/api/src/infra/projections/projection-checkpoints';
import { ProjectionRunner } from '../../../apps/api/src/infra/projections/projection-runner';
import { eventually, newEvents } from '../../support/events';
import { RECORDING_TABLE_DDL, recordingProjection } from '../../support/recording-projection';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

const clock = { now: () => new Date('2026-11-23T10:00:00Z') };
const logger = pino({ level: 'silent' });

interface Published {
  room: string;
  event: LiveEventName;
  message: LiveMessage<LiveEventName>;
}

let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase({ max: 10 });
  await RECORDING_TABLE_DDL.execute(database.db);
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  store = new PostgresEventStore(database.sql, { pollIntervalMs: 100 });
  await sql`TRUNCATE test_applied`.execute(database.db);
});

afterEach(async () => {
  await store.close();
});

function runnerFor(projection: Projection, published: Published[] = []) {
  return new ProjectionRunner(projection, {
    store,
    db: database.db,
    clock,
    logger,
    batchSize: 5,
    publisher: { publish: (room, event, message) => published.push({ room, event, message }) },
  });
}

async function appliedCounts(): Promise<Map<number, number>> {
  const { rows } = await sql<{ position: string; count: string }>`
    SELECT position, count(*) AS count FROM test_applied GROUP BY position`.execute(database.db);
  return new Map(rows.map((r) => [Number(r.position), Number(r.count)]));
}

/**
 * Every committed event of this database, in log order. Read from the table: `readAll` stops
 * below the oldest running transaction of the whole server, which may be another test file's.
 */
async function allPositions(): Promise<number[]> {
  const rows = await sql<{ global_position: string }>`SELECT global_position FROM es_events
    ORDER BY transaction_id, global_position`.execute(database.db);
  return rows.rows.map((row) => Number(row.global_position));
}

it('applies every event once and keeps its checkpoint with the rows it wrote', async () => {
  await store.appendToStream('order-1', newEvents(12), 'no_stream');
  const published: Published[] = [];
  const runner = runnerFor(recordingProjection('recorder'), published);
  await runner.start();
  const positions = await allPositions();
  const last = positions[positions.length - 1]!;
  await eventually(
    () => runner.position.position,
    (p) => p === last,
  );
  await runner.stop();
  const counts = await appliedCounts();
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual(positions);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
  expect((await readCheckpoint(database.db, 'recorder')).position).toBe(last);
  // Messages go out only after commit, with the position of the event behind them.
  expect(
    published.filter((p) => p.room === 'ops' && p.event === 'projection.position'),
  ).not.toHaveLength(0);
});

it('neither loses nor doubles an event when killed between its write and its commit', async () => {
  await store.appendToStream('order-2', newEvents(10), 'no_stream');
  const positions = await allPositions();
  const victim = positions[6]!;
  // A real process, killed with SIGKILL while its batch has written rows and not committed.
  const child = spawn(
    process.execPath,
    // `--import tsx` keeps it one process (the tsx CLI would run the script in a grandchild).
    ['--import', 'tsx', path.join(__dirname, '../../support/projection-child.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        VICTIM_POSITION: String(victim),
        PROJECTION_NAME: 'victim',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('holding') && resolve());
    child.once('exit', (code) => reject(new Error(`projection process exited early (${code})`)));
  });
  const open = await sql<{ count: string }>`SELECT count(*) AS count FROM pg_stat_activity
    WHERE datname = current_database() AND state = 'idle in transaction'`.execute(database.db);
  expect(Number(open.rows[0]!.count)).toBeGreaterThan(0);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  // The killed batch never committed: nothing of it is visible, the checkpoint is before it.
  await eventually(
    async () => (await readCheckpoint(database.db, 'victim')).position,
    (p) => p < victim,
  );
  const restarted = runnerFor(recordingProjection('victim'));
  await restarted.start();
  const last = positions[positions.length - 1]!;
  await eventually(
    () => restarted.position.position,
    (p) => p === last,
    15_000,
  );
  await restarted.stop();
  const counts = await appliedCounts();
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual(positions);
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  expect((await readCheckpoint(database.db, 'victim')).position).toBe(last);
});

it('applies each event once even when two runners of one projection race', async () => {
  await store.appendToStream('order-3', newEvents(40), 'no_stream');
  const projection = recordingProjection('raced');
  const first = runnerFor(projection);
  const second = runnerFor(projection);
  await Promise.all([first.start(), second.start()]);
  const positions = await allPositions();
  const last = positions[positions.length - 1]!;
  await eventually(
    () => Math.min(first.position.position, second.position.position),
    (p) => p === last,
    15_000,
  );
  await Promise.all([first.stop(), second.stop()]);
  const counts = await appliedCounts();
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual(positions);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
});

it('resumes from its stored checkpoint after a restart', async () => {
  await store.appendToStream('order-4', newEvents(5), 'no_stream');
  const projection = recordingProjection('restarted');
  const before = runnerFor(projection);
  await before.start();
  const firstHalf = await allPositions();
  await eventually(
    () => before.position.position,
    (p) => p === firstHalf[firstHalf.length - 1],
  );
  await before.stop();
  await store.appendToStream('order-4', newEvents(5), 4);
  const after = runnerFor(projection);
  await after.start();
  const all = await allPositions();
  await eventually(
    () => after.position.position,
    (p) => p === all[all.length - 1],
  );
  await after.stop();
  const counts = await appliedCounts();
  expect([...counts.keys()].sort((a, b) => a - b)).toEqual(all);
  expect([...counts.values()].every((n) => n === 1)).toBe(true);
});
