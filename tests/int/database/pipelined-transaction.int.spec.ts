import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../apps/api/src/infra/database/database.types';
import { connectDatabase, type Database } from '../../../apps/api/src/infra/database/database';
import {
  inPipelinedTransaction,
  PipelinedTransactionEnded,
} from '../../../apps/api/src/infra/database/pipelined-transaction';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * The projection group's transaction (see ProjectionGroup): statements issued together are sent
 * together on its one connection, and still commit or roll back as one.
 */
let database: TestDatabase;
let watched: Database;
const sent: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  watched = connectDatabase(database.url, { max: 2, onQuery: (query) => sent.push(query) });
  await sql`CREATE TABLE pipelined_rows (label text NOT NULL,
              txid bigint NOT NULL DEFAULT txid_current())`.execute(database.db);
});

afterAll(async () => {
  await watched.close();
  await database.drop();
});

beforeEach(async () => {
  sent.length = 0;
  await sql`TRUNCATE pipelined_rows`.execute(database.db);
});

const rows = async () =>
  (
    await sql<{ label: string; txid: string }>`SELECT label, txid::text FROM pipelined_rows
      ORDER BY label`.execute(database.db)
  ).rows;

it('sends a statement while the one before it still runs, and commits them as one', async () => {
  // The first INSERT waits on a lock another session holds until the second has been sent.
  const holder = await database.sql.reserve();
  await holder`SELECT pg_advisory_lock(4242)`;
  let quickSentWhileBlocked = false;
  await inPipelinedTransaction(watched.projectionsDb, async (trx) => {
    const blocked = sql`INSERT INTO pipelined_rows (label)
                        SELECT 'blocked' FROM (SELECT pg_advisory_xact_lock(4242)) AS waited`.execute(
      trx,
    );
    const quick = sql`INSERT INTO pipelined_rows (label) VALUES ('quick')`.execute(trx);
    // Kysely's own transaction would send the second INSERT only once the first has answered.
    for (let waited = 0; waited < 2000 && !quickSentWhileBlocked; waited += 10) {
      quickSentWhileBlocked = sent.some((query) => query.includes("VALUES ('quick')"));
      if (!quickSentWhileBlocked) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder`SELECT pg_advisory_unlock(4242)`;
    await Promise.all([blocked, quick]);
  });
  holder.release();
  expect(quickSentWhileBlocked).toBe(true);
  const written = await rows();
  expect(written.map((r) => r.label)).toEqual(['blocked', 'quick']);
  expect(written[0]!.txid).toBe(written[1]!.txid);
});

it('runs the statements in the order they were sent', async () => {
  const order = await inPipelinedTransaction(watched.projectionsDb, async (trx) => {
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((label) =>
        sql<{ n: string }>`WITH added AS (INSERT INTO pipelined_rows (label) VALUES (${label}))
                           SELECT count(*)::text AS n FROM pipelined_rows`.execute(trx),
      ),
    );
    return answers.map((answer) => Number(answer.rows[0]!.n));
  });
  // Each saw the rows of the statements sent before it (not its own: a CTE's insert is unseen).
  expect(order).toEqual([0, 1, 2, 3]);
});

it('rolls everything back when a statement fails, and refuses statements sent after the end', async () => {
  let ended: Transaction<DB> | null = null;
  await expect(
    inPipelinedTransaction(watched.projectionsDb, async (trx) => {
      ended = trx;
      await sql`INSERT INTO pipelined_rows (label) VALUES ('kept?')`.execute(trx);
      await sql`SELECT 1 / 0`.execute(trx);
    }),
  ).rejects.toThrow(/division by zero/);
  expect(await rows()).toEqual([]);
  await expect(
    sql`INSERT INTO pipelined_rows (label) VALUES ('late')`.execute(ended!),
  ).rejects.toBeInstanceOf(PipelinedTransactionEnded);
  expect(await rows()).toEqual([]);
});
