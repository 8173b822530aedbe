import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * The projections' Kysely prepares its statements (one round trip each once a connection knows
 * them); the read side's does not. Seen from inside a transaction, whose connection is the one
 * that ran the statement: a prepared one is listed in pg_prepared_statements.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const marker = () => `probe_${Math.random().toString(36).slice(2)}`;

async function preparedOn(db: TestDatabase['db'], label: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT ${sql.lit(label)} AS label, ${1}::int AS one`.execute(trx);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_prepared_statements
       WHERE statement LIKE ${`%${label}%`} AND statement NOT LIKE '%pg_prepared_statements%'`.execute(
      trx,
    );
    return rows[0]!.n === 1;
  });
}

it('prepares the projections’ statements', async () => {
  expect(await preparedOn(database.projectionsDb, marker())).toBe(true);
});

it('leaves the read side’s statements unprepared', async () => {
  expect(await preparedOn(database.db, marker())).toBe(false);
});

it('answers the same through both', async () => {
  const read = (db: TestDatabase['db']) =>
    sql<{ sum: number }>`SELECT ${2}::int + ${3}::int AS sum`.execute(db);
  expect((await read(database.projectionsDb)).rows).toEqual((await read(database.db)).rows);
  // Again, once the statement is known on the connection.
  expect((await read(database.projectionsDb)).rows).toEqual([{ sum: 5 }]);
});
