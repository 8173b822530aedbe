import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@medbook/event-store';
import postgres from 'postgres';
import { heldBack } from '../../../libs/event-store/src/postgres/log-reads';
import { newEvents } from '../../support/events';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * A subscription looks whether events are held back each time it has caught up: with a log of
 * any size that look must be one step along the commit-order index, not a scan of the log. The
 * statement runs prepared (postgres.js), and after a few runs PostgreSQL may plan it once for any
 * parameters (a generic plan), not knowing where in the log the place is. The EXISTS form it had
 * was planned then as a scan of the table, stopping at the first match: the newest rows, last in
 * the heap (140 ms a look on a log of 300,000 events, growing with the log).
 */
let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.sql, { pollIntervalMs: 200 });
  // A log large enough that the planner weighs a scan against the index.
  for (let i = 0; i < 40; i += 1) {
    await store.appendToStream(`history-${randomUUID()}`, newEvents(500), 'no_stream');
  }
  await database.sql`ANALYZE es_events`;
}, 120_000);

afterAll(async () => {
  await store.close();
  await database.drop();
});

it('plans the held-back look along the commit-order index for any place in the log', async () => {
  // The statement exactly as heldBack sends it, and its parameters.
  let sent: { query: string; parameters: unknown[] } | null = null;
  const watched = postgres(database.url, {
    max: 1,
    onnotice: () => undefined,
    debug: (_connection, query, parameters) => {
      if (query.includes('AS held')) sent = { query, parameters: [...(parameters as unknown[])] };
    },
  });
  try {
    const [last] = await database.sql<{ transaction_id: string; global_position: string }[]>`
      SELECT transaction_id::text, global_position::text FROM es_events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1 OFFSET 10`;
    const after = { commit: Number(last!.transaction_id), position: Number(last!.global_position) };
    // This database's horizon: the server's would stop at any other test file's open
    // transaction on the same server (the suites run side by side), and the look answer held.
    expect(await heldBack(watched, after, 'database')).toMatchObject({
      held: false,
      readable: true,
    });
    expect(sent).not.toBeNull();
    const { query, parameters } = sent!;
    expect(parameters).toHaveLength(4);

    // Planned for any parameters, as a prepared statement may be after a few runs.
    const plan = await database.sql.begin(async (tx) => {
      await tx`SET LOCAL plan_cache_mode = force_generic_plan`;
      await tx.unsafe(`PREPARE held_back_look AS ${query}`);
      const literals = parameters.map((value) =>
        typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`,
      );
      const rows = await tx.unsafe<{ 'QUERY PLAN': unknown }[]>(
        `EXPLAIN (FORMAT JSON) EXECUTE held_back_look(${literals.join(', ')})`,
      );
      await tx.unsafe('DEALLOCATE held_back_look');
      return JSON.stringify(rows[0]!['QUERY PLAN']);
    });
    expect(plan).not.toContain('"Node Type":"Seq Scan"');
    expect(plan).toContain('es_events_commit_order_idx');
  } finally {
    await watched.end();
  }
});
