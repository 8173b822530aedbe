// `npm run bench:verify`: `audit:verify`'s check of a log of 500,000 events (BENCH_VERIFY_EVENTS),
// written through the hash-chain trigger by INSERT ... SELECT generate_series (streams of 10
// events with an API-like body and metadata) and sealed, timed twice through the CLI's own code.
// Floor (issue 16): 100,000 events/s. Results: tests/bench/VERIFY-RESULTS.md.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PostgresEventStore } from '@medbook/event-store';
import { openBenchDatabase } from './bench-database';
import { writeMarkdown } from './write-markdown';
import { PROJECT_ROOT } from '../../apps/api/dist/infra/config/project-root';
import { connectDatabase, MAINTENANCE_TIMEOUTS } from '../../apps/api/dist/infra/database/database';
import { migrateToLatest } from '../../apps/api/dist/infra/database/migrator';
import { LogSealer } from '../../apps/api/dist/modules/ops/audit-log/log-sealer';
import { verifyAndRecord } from '../../apps/api/dist/modules/ops/audit-log/log-verification';

const EVENTS = Number(process.env.BENCH_VERIFY_EVENTS ?? 500_000);
const CHUNK = 100_000;
const FLOOR = 100_000;

async function main(): Promise<void> {
  const scratch = await openBenchDatabase('medbook_verify');
  const database = connectDatabase(scratch.url, {
    max: 4,
    appName: 'medbook-bench',
    timeouts: { ...MAINTENANCE_TIMEOUTS, idleInTransactionMs: 0 },
  });
  const store = new PostgresEventStore(database.eventStoreSql, { listen: false });
  try {
    await migrateToLatest(database.db, path.join(PROJECT_ROOT, 'migrations'));
    process.stdout.write(`Writing ${EVENTS} events through the chain trigger...\n`);
    const loadStart = performance.now();
    for (let offset = 0; offset < EVENTS; offset += CHUNK) {
      await database.sql`
        INSERT INTO es_events (event_id, stream_id, stream_revision, event_type, data, metadata, recorded_at)
        SELECT gen_random_uuid(), 'appointment-' || ((${offset}::bigint + n) / 10), (${offset}::bigint + n) % 10,
               'AppointmentBooked',
               jsonb_build_object('appointment_id', gen_random_uuid(), 'calendar_id', gen_random_uuid(),
                                  'slot_start', '2026-11-23T15:00:00.000Z', 'patient_id', gen_random_uuid(),
                                  'status', 'Scheduled', 'reason', 'Annual check-up, "fasting"'),
               jsonb_build_object('actorId', gen_random_uuid(), 'actorRole', 'Staff', 'onBehalfOf', null,
                                  'ip', '10.0.0.1', 'userAgent', 'Mozilla/5.0', 'correlationId',
                                  gen_random_uuid(), 'causationId', null, 'commandId', gen_random_uuid()),
               now()
          FROM generate_series(0, ${Math.min(CHUNK, EVENTS - offset) - 1}) AS n`;
    }
    await database.sql`
      INSERT INTO es_streams (stream_id, revision)
      SELECT stream_id, max(stream_revision) FROM es_events GROUP BY stream_id`;
    const loadMs = performance.now() - loadStart;
    const sealStart = performance.now();
    await new LogSealer(database.sql, store).sealAll();
    const sealMs = performance.now() - sealStart;
    await database.sql`VACUUM ANALYZE`;

    const runs: { events: number; ms: number; ok: boolean }[] = [];
    for (let run = 0; run < 2; run += 1) {
      const start = performance.now();
      const { verified } = await verifyAndRecord(database.sql, store);
      runs.push({ events: verified.events, ms: performance.now() - start, ok: verified.ok });
      process.stdout.write(
        `verify: ${verified.events} events in ${Math.round(performance.now() - start)} ms, ok ${verified.ok}\n`,
      );
    }
    const rate = (r: { events: number; ms: number }) => Math.round((r.events * 1000) / r.ms);
    const best = Math.max(...runs.map(rate));
    const load = os.loadavg()[0]!.toFixed(2);
    const text = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, Node ${process.version} with \`npm run bench:verify\` (the verifier and embedded PostgreSQL on one machine, shared with other work; 1-min load average ${load} at the end).

| Case | Result | Floor |
| --- | --- | --- |
| write ${EVENTS} events through the hash-chain trigger (INSERT ... SELECT, ${CHUNK} a statement) | ${Math.round((EVENTS * 1000) / loadMs)} events/s | - |
| seal them (LogSealer, ${Math.ceil(EVENTS / 100_000)} seals) | ${Math.round(sealMs)} ms | - |
${runs
  .map(
    (r, i) =>
      `| audit:verify run ${i + 1}: ${r.events} events, every chain, head and seal (${r.ok ? 'intact' : 'NOT intact'}) | ${rate(r)} events/s (${Math.round(r.ms)} ms) | ${FLOOR} events/s: ${rate(r) >= FLOOR ? 'met' : 'MISSED'} |`,
  )
  .join('\n')}
`;
    await writeMarkdown(path.join(PROJECT_ROOT, 'tests/bench/VERIFY-RESULTS.md'), text);
    process.stdout.write(`${text}\nBest: ${best} events/s\n`);
  } finally {
    await store.close();
    await database.close();
    await scratch.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
