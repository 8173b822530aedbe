import { openConnections } from '../../../apps/api/src/infra/database/database';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * The API opens both pools' connections before it listens, so the first burst of requests does
 * not wait for PostgreSQL to start backends (which on a busy machine can outlast the service's
 * 1-second connect timeout and answer 503).
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
});

afterAll(async () => {
  await database.drop();
});

it('opens every connection of both pools at once', async () => {
  const backends = async () => {
    const rows = await database.sql<{ application_name: string; n: number }[]>`
      SELECT application_name, count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() GROUP BY application_name ORDER BY application_name`;
    return Object.fromEntries(rows.map((r) => [r.application_name, r.n]));
  };
  // Only the connection that asks is open so far.
  expect(Object.values(await backends())).toEqual([1]);
  expect(await openConnections(database, 4)).toBe(0);
  const opened = await backends();
  expect(Object.values(opened).sort()).toEqual([4, 4]);
  expect(Object.keys(opened).some((name) => name.endsWith('-events'))).toBe(true);
});
