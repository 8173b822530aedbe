import postgres from 'postgres';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * postgres.js 3.4.9 throws from a setImmediate when a pinned connection (a transaction's or a
 * reserved one) is written to after PostgreSQL closed it: `Cannot read properties of null
 * (reading 'write')`, an uncaught exception that ends the process (porsager/postgres#1208). It also
 * handed such a connection back to the pool as open, so every later query failed. The pinned patch
 * in patches/postgres+3.4.9.patch settles those writes with CONNECTION_CLOSED instead; these
 * tests fail without it.
 */
let database: TestDatabase;
let uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  database = await createTestDatabase({ max: 2 });
  process.prependListener('uncaughtException', onUncaught);
});

afterAll(async () => {
  process.removeListener('uncaughtException', onUncaught);
  await database.drop();
});

beforeEach(() => {
  uncaught = [];
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Ends the backend and waits until it is gone: pg_terminate_backend only signals it, and on a
 * loaded machine a signalled backend can still run the next statements (a CI run saw one commit
 * the probe's INSERT before it died, its answer lost, so the driver reported CONNECTION_CLOSED).
 */
async function terminate(pid: number): Promise<void> {
  await database.sql`SELECT pg_terminate_backend(${pid})`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await database.sql<{ alive: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}) AS alive`;
    if (!row!.alive) break;
    if (Date.now() > deadline) throw new Error(`backend ${pid} still running 20 s after SIGTERM`);
    await pause(20);
  }
  // Time for the driver's socket to see the close, as it would before the next statement.
  await pause(200);
}

it('rejects writes to a reserved connection PostgreSQL closed, and the pool recovers', async () => {
  const sql = postgres(database.url, { max: 1, onnotice: () => undefined });
  try {
    for (let attempt = 0; attempt < 4; attempt++) {
      const reserved = await sql.reserve();
      const [row] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await terminate(row!.pid);
      const outcome = await reserved`SELECT 1`.then(
        () => 'answered',
        (error: { code?: string }) => error.code,
      );
      expect(outcome).toBe('CONNECTION_CLOSED');
      reserved.release();
      // The pool's only connection reconnects instead of staying dead.
      const [answer] = await sql<{ n: number }[]>`SELECT ${attempt}::int AS n`;
      expect(answer!.n).toBe(attempt);
    }
    expect(uncaught).toEqual([]);
  } finally {
    await sql.end({ timeout: 1 });
  }
});

it('fails a transaction whose connection PostgreSQL closed, without crashing or committing', async () => {
  const sql = postgres(database.url, { max: 2, onnotice: () => undefined });
  try {
    await sql`CREATE TABLE driver_probe (x int)`;
    for (let attempt = 0; attempt < 4; attempt++) {
      const outcome = await sql
        .begin(async (tx) => {
          const [row] = await tx<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
          await terminate(row!.pid);
          await tx`INSERT INTO driver_probe VALUES (1)`;
          return 'committed';
        })
        .catch((error: { code?: string }) => error.code);
      expect(outcome).toBe('CONNECTION_CLOSED');
    }
    await pause(100);
    const [count] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM driver_probe`;
    expect(count!.n).toBe(0);
    expect(uncaught).toEqual([]);
  } finally {
    await sql.end({ timeout: 1 });
  }
});

/**
 * postgres.js 3.4.9 reserved a transaction's connection only if BEGIN did not fill the
 * connection's pipeline nor meet backpressure (porsager/postgres#823, #1189): otherwise BEGIN
 * reached PostgreSQL on a connection the pool still lent to plain queries, the driver threw
 * UNSAFE_TRANSACTION and the transaction stayed open under them. Seen here as a 500 on a booking
 * in the three-process race. Reproduced at the boundary: both connections busy, each with one
 * query pipelined behind, so BEGIN is the query that fills a pipeline of two. It fails without
 * the patch.
 */
it('keeps a transaction on a reserved connection when its BEGIN fills a busy pipeline', async () => {
  // max_pipeline is a driver option its types leave out.
  const options = {
    max: 2,
    max_pipeline: 2,
    onnotice: () => undefined,
    connection: { application_name: 'driver-pipeline-test' },
  } as unknown as postgres.Options<Record<string, never>>;
  const sql = postgres(database.url, options);
  try {
    // Both connections open.
    await Promise.all([sql`SELECT 1`, sql`SELECT 2`]);
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const busy = [sql`SELECT pg_sleep(0.1)`.execute(), sql`SELECT pg_sleep(0.1)`.execute()];
      const behind = [sql`SELECT 3`.execute(), sql`SELECT 4`.execute()];
      const transaction = sql.begin(async (tx) => {
        const [row] = await tx<{ n: number }[]>`SELECT ${round}::int AS n`;
        return row!.n;
      });
      const settled = await Promise.allSettled([...busy, ...behind, transaction]);
      for (const outcome of settled) {
        outcomes.push(
          outcome.status === 'fulfilled'
            ? 'ok'
            : String((outcome.reason as { code?: string }).code ?? outcome.reason),
        );
      }
      // No connection of the pool is left inside a transaction nobody holds.
      const [open] = await database.sql<{ count: string }[]>`
        SELECT count(*) AS count FROM pg_stat_activity
         WHERE application_name = 'driver-pipeline-test' AND state LIKE 'idle in transaction%'`;
      expect(Number(open!.count)).toBe(0);
    }
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
  } finally {
    await sql.end({ timeout: 5 });
  }
});
