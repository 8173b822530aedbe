// `npm run bench:store`: the PostgreSQL event store against raw PostgreSQL on the same database in
// the same run. Prints a table, writes tests/bench/results/*.json and tests/bench/RESULTS.md.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres, { type Sql } from 'postgres';
import { PostgresEventStore } from '../../libs/event-store/src';
import type { LogPosition, NewEvent } from '../../libs/event-store/src';
import { PROJECT_ROOT } from '../../apps/api/src/infra/config/project-root';
import { connectDatabase } from '../../apps/api/src/infra/database/database';
import { startEmbeddedPostgres } from '../../apps/api/src/infra/database/embedded-postgres';
import { migrateToLatest } from '../../apps/api/src/infra/database/migrator';
import { writeMarkdown } from './write-markdown';

const CASE_SECONDS = Number(process.env.BENCH_CASE_SECONDS ?? 3);
const CATCH_UP_EVENTS = Number(process.env.BENCH_CATCH_UP_EVENTS ?? 1_000_000);
const RESULTS_DIR = path.join(PROJECT_ROOT, 'tests/bench/results');

interface Row {
  readonly case: string;
  readonly store: number;
  readonly baseline: number;
  readonly unit: string;
  readonly floor?: number;
}

const data = () => ({
  appointment_id: randomUUID(),
  slot_start: '2026-11-23T15:00:00.000Z',
  calendar_id: 'cal-0001',
  status: 'Scheduled',
  reason: 'Annual check-up',
});
const metadata = {
  actorId: 'user-0001',
  actorRole: 'Patient',
  onBehalfOf: null,
  ip: '203.0.113.10',
  userAgent: 'bench',
  correlationId: 'corr-0001',
  causationId: null,
  commandId: null,
};
const event = (): NewEvent => ({
  id: randomUUID(),
  type: 'AppointmentBooked',
  data: data(),
  metadata,
});

/** Runs `writers` loops for the case's duration; answers operations per second. */
async function timed(
  writers: number,
  operation: (writer: number) => Promise<void>,
): Promise<number> {
  const deadline = Date.now() + CASE_SECONDS * 1000;
  let operations = 0;
  const startedAt = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (Date.now() < deadline) {
        await operation(writer);
        operations += 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
  return operations / seconds;
}

async function appendCases(sql: Sql, store: PostgresEventStore): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [writers, batch] of [
    [1, 1],
    [16, 1],
    [1, 10],
    [16, 10],
  ] as const) {
    const run = randomBytes(3).toString('hex');
    const revisions = new Array<number>(writers).fill(-1);
    const storeRate = await timed(writers, async (writer) => {
      const events = Array.from({ length: batch }, event);
      const expected = revisions[writer]! < 0 ? 'no_stream' : revisions[writer]!;
      const result = await store.appendToStream(`bench-${run}-${writer}`, events, expected);
      revisions[writer] = result.revisions[`bench-${run}-${writer}`]!;
    });
    const baselineRate = await timed(writers, async (writer) => {
      const values = Array.from({ length: batch }, () => ({
        stream_id: `raw-${run}-${writer}`,
        data: data(),
        metadata,
        recorded_at: new Date(),
      }));
      await sql`INSERT INTO bench_raw ${sql(values as never)}`;
    });
    rows.push({
      case: `append ${batch === 1 ? 'single events' : `${batch}-event batches`}, ${writers} writer${writers > 1 ? 's' : ''}`,
      store: storeRate * batch,
      baseline: baselineRate * batch,
      unit: 'events/s',
      ...(writers === 16 && batch === 1 ? { floor: 0.5 } : {}),
    });
  }
  return rows;
}

/** Loads events in bulk: 100 revisions for each of CATCH_UP_EVENTS / 100 streams. */
async function loadLog(sql: Sql): Promise<void> {
  const chunk = 100_000;
  for (let offset = 0; offset < CATCH_UP_EVENTS; offset += chunk) {
    const count = Math.min(chunk, CATCH_UP_EVENTS - offset);
    await sql`
      INSERT INTO es_events (event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at)
      SELECT gen_random_uuid(), 'load-' || ((${offset}::bigint + n) / 100), (${offset}::bigint + n) % 100,
             'AppointmentBooked',
             jsonb_build_object('appointment_id', gen_random_uuid(), 'slot_start', '2026-11-23T15:00:00.000Z',
                                'calendar_id', 'cal-0001', 'status', 'Scheduled', 'reason', 'Annual check-up'),
             ${sql.json(metadata)}::jsonb, now()
        FROM generate_series(0, ${count - 1}) AS n`;
  }
  await sql`
    INSERT INTO es_streams (stream_id, revision)
    SELECT stream_id, max(stream_revision) FROM es_events WHERE stream_id LIKE 'load-%' GROUP BY stream_id`;
  await sql`VACUUM ANALYZE es_events`;
}

async function readCases(sql: Sql, store: PostgresEventStore): Promise<Row[]> {
  const [counted] = await sql<{ total: string }[]>`SELECT count(*) AS total FROM es_events`;
  const events = Number(counted?.total ?? 0);
  const rows: Row[] = [];
  const rate = async (read: () => Promise<number>) => {
    const startedAt = process.hrtime.bigint();
    const seen = await read();
    if (seen !== events) throw new Error(`read ${seen} of ${events} events`);
    return seen / (Number(process.hrtime.bigint() - startedAt) / 1e9);
  };
  for (const batch of [1000, 5000]) {
    const storeRate = await rate(async () => {
      let after: LogPosition = { commit: 0, position: 0 };
      let seen = 0;
      // Like a subscriber: an empty page means "not visible yet" (a transaction elsewhere in the
      // cluster, such as autovacuum's ANALYZE, holds the horizon back), so wait and read on.
      while (seen < events) {
        const page = await store.readAll({ after, maxCount: batch });
        if (page.length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        seen += page.length;
        after = page[page.length - 1]!.logPosition;
      }
      return seen;
    });
    const baselineRate = await rate(async () => {
      let after = 0;
      let seen = 0;
      for (;;) {
        const page = await sql<{ global_position: string }[]>`
          SELECT global_position, event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at
            FROM es_events WHERE global_position > ${after} ORDER BY global_position LIMIT ${batch}`;
        if (page.length === 0) return seen;
        seen += page.length;
        after = Number(page[page.length - 1]!.global_position);
      }
    });
    rows.push({
      case: `catch-up read of ${events.toLocaleString('en-US')} events, pages of ${batch}`,
      store: storeRate,
      baseline: baselineRate,
      unit: 'events/s',
    });
  }
  const subscribed = await rate(
    () =>
      new Promise<number>((resolve) => {
        let seen = 0;
        const subscription = store.subscribeToAll({
          from: { commit: 0, position: 0 },
          batchSize: 1000,
          handle: async (batch) => {
            seen += batch.length;
            if (seen === events) {
              void subscription.stop().then(() => resolve(seen));
            }
          },
        });
      }),
  );
  rows.push({
    case: `subscription catch-up of ${events.toLocaleString('en-US')} events, batches of 1000`,
    store: subscribed,
    baseline: rows[0]!.baseline,
    unit: 'events/s',
  });
  return rows;
}

async function main(): Promise<void> {
  const external = process.env.BENCH_DATABASE_URL;
  let adminUrl: string;
  let stopServer = async () => undefined as void;
  let tempDir: string | null = null;
  if (external) {
    adminUrl = external;
  } else {
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'medbook-bench-'));
    const embedded = await startEmbeddedPostgres(tempDir, 'postgres');
    adminUrl = embedded.url;
    stopServer = () => embedded.stop();
  }
  const name = `medbook_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), { max: 20, appName: 'medbook-bench' });
  try {
    await migrateToLatest(database.db, path.join(PROJECT_ROOT, 'migrations'));
    const sql = database.sql;
    await sql`CREATE TABLE bench_raw (id bigserial PRIMARY KEY, stream_id text NOT NULL,
              data jsonb NOT NULL, metadata jsonb NOT NULL, recorded_at timestamptz NOT NULL)`;
    const store = new PostgresEventStore(sql, { listen: false, pollIntervalMs: 50 });
    const [server] = await sql<{ version: string }[]>`SELECT version()`;
    const version = server?.version ?? 'PostgreSQL';
    process.stdout.write(`Appends: ${CASE_SECONDS} s per case...\n`);
    const appends = await appendCases(sql, store);
    process.stdout.write(`Loading ${CATCH_UP_EVENTS.toLocaleString('en-US')} events...\n`);
    await loadLog(sql);
    process.stdout.write('Reading them back...\n');
    const reads = await readCases(sql, store);
    await store.close();
    await report([...appends, ...reads], version);
  } finally {
    await database.close();
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    await stopServer();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

async function report(rows: readonly Row[], postgresVersion: string): Promise<void> {
  const at = new Date().toISOString();
  const machine = `${os.cpus().length} cores, Node ${process.version}, ${postgresVersion.split(',')[0]}`;
  const format = (n: number) => Math.round(n).toLocaleString('en-US');
  const lines = rows.map((row) => {
    const ratio = row.store / row.baseline;
    const verdict =
      row.floor === undefined
        ? ''
        : ratio >= row.floor
          ? ` (floor ${row.floor * 100}%: met)`
          : ` (floor ${row.floor * 100}%: MISSED)`;
    return { ...row, ratio, verdict };
  });
  const catchUp = lines.filter((l) => l.case.includes('catch-up'));
  const table = [
    '| Case | Event store | Raw PostgreSQL baseline | Ratio |',
    '| --- | ---: | ---: | ---: |',
    ...lines.map(
      (l) =>
        `| ${l.case} | ${format(l.store)} ${l.unit} | ${format(l.baseline)} ${l.unit} | ${(l.ratio * 100).toFixed(0)}%${l.verdict} |`,
    ),
  ].join('\n');
  const readFloor = catchUp.every((l) => l.store >= 100_000) ? 'met' : 'MISSED';
  const markdown = `Measured ${at.slice(0, 10)} on ${machine}, with \`npm run bench:store\`
(embedded PostgreSQL, store and baseline on the same database in the same run; ${CASE_SECONDS} s per append case).
The baseline for appends is a plain single-row (or 10-row) INSERT into a table with a bigserial key and
the same payload, from the same number of clients; for reads, keyset-paged SELECTs of the same rows.

${table}

Floors: 16 single-event writers at least 50% of the baseline; catch-up read at least 100,000 events/s (${readFloor}).
`;
  process.stdout.write(
    `\n${machine}\n\n${table}\n\nCatch-up floor (100,000 events/s): ${readFloor}\n`,
  );
  await mkdir(RESULTS_DIR, { recursive: true });
  const json = JSON.stringify({ at, machine, rows: lines }, null, 2);
  await writeFile(path.join(RESULTS_DIR, `event-store-${at.replace(/[:.]/g, '-')}.json`), json);
  await writeFile(path.join(RESULTS_DIR, 'latest.json'), json);
  await writeMarkdown(path.join(PROJECT_ROOT, 'tests/bench/RESULTS.md'), markdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
