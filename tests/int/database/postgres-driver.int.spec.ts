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

async function terminate(pid: number): Promise<void> {
  await database.sql`SELECT pg_terminate_backend(${pid})`;
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
