// `npm run bench:audit`: the practice's audit trail over 1,000,000 entries (BENCH_AUDIT_ROWS),
// each typical filter's page (50 lines, the API's own query through PracticeAuditRepository)
// timed beside a raw indexed SELECT of the same page in the same run. Floor (issue 16): p99 under
// 100 ms for a filtered page. Results: tests/bench/AUDIT-RESULTS.md.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openBenchDatabase } from './bench-database';
import { writeMarkdown } from './write-markdown';
import { PROJECT_ROOT } from '../../apps/api/dist/infra/config/project-root';
import { connectDatabase } from '../../apps/api/dist/infra/database/database';
import { migrateToLatest } from '../../apps/api/dist/infra/database/migrator';
import { PracticeAuditRepository } from '../../apps/api/dist/modules/audit/practice-audit.repository';
import { percentile } from './percentiles';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const PRACTICES = 20;
const RUNS = Number(process.env.BENCH_AUDIT_RUNS ?? 300);
const FLOOR_P99_MS = 100;

/** A fixed id per number, so every run reads the same trail. */
const uuid = (prefix: string, n: number) =>
  `${prefix}${n.toString(16).padStart(12, '0')}`.replace(
    /^(.{8})(.{4})(.{4})(.{4})(.{12})$/,
    '$1-$2-$3-$4-$5',
  );
const practice = (n: number) => uuid('00000000000000000001', n);
const patient = (n: number) => uuid('00000000000000000002', n);
const actor = (n: number) => uuid('00000000000000000003', n);

async function main(): Promise<void> {
  const scratch = await openBenchDatabase('medbook_audit');
  const database = connectDatabase(scratch.url, { max: 4, appName: 'medbook-bench' });
  try {
    await migrateToLatest(database.db, path.join(PROJECT_ROOT, 'migrations'));
    process.stdout.write(`Writing ${ROWS.toLocaleString('en-US')} trail entries...\n`);
    const started = performance.now();
    // A year of a busy group: 20 practices, 2,000 patients each, 50 staff each, seven kinds.
    for (let from = 1; from <= ROWS; from += 200_000) {
      const to = Math.min(ROWS, from + 199_999);
      await sql`
        INSERT INTO rm_practice_audit
          (position, practice_id, kind, event_type, summary, changes, patient_id, appointment_id,
           calendar_id, actor_id, actor_role, ip, user_agent, correlation_id, recorded_at)
        SELECT n,
               ('00000000-0000-0000-0001-' || lpad(to_hex(n % ${PRACTICES}), 12, '0'))::uuid,
               (ARRAY['appointment','appointment','appointment','calendar','meeting','waitlist','audit'])[1 + n % 7],
               'AppointmentStatusChanged',
               'Changed the status from Scheduled to Confirmed',
               '[{"field":"status","before":"Scheduled","after":"Confirmed"}]'::jsonb,
               ('00000000-0000-0000-0002-' || lpad(to_hex((n / ${PRACTICES}) % 2000), 12, '0'))::uuid,
               md5(n::text)::uuid,
               NULL,
               '00000000-0000-0000-0003-' || lpad(to_hex(n % 50), 12, '0'),
               'Staff', '10.0.0.1', 'Mozilla/5.0', md5((n / 3)::text),
               timestamptz '2026-01-01' + (n * interval '30 seconds')
          FROM generate_series(${from}::bigint, ${to}::bigint) AS n`.execute(database.db);
    }
    await sql`ANALYZE rm_practice_audit`.execute(database.db);
    const loadSeconds = (performance.now() - started) / 1000;
    process.stdout.write(`  done in ${loadSeconds.toFixed(1)} s\n`);

    const repository = new PracticeAuditRepository(database);
    const deep = Math.floor(ROWS / 2);
    const cases: { label: string; filter: () => Record<string, unknown> }[] = [
      {
        label: 'newest page of a practice',
        filter: () => ({ practiceId: practice(pick(PRACTICES)) }),
      },
      {
        label: 'one patient',
        filter: () => ({ practiceId: practice(3), patientId: patient(pick(2000)) }),
      },
      {
        label: 'one kind (calendars)',
        filter: () => ({ practiceId: practice(5), kind: 'calendar' }),
      },
      { label: 'one person', filter: () => ({ practiceId: practice(6), actorId: actor(6) }) },
      {
        label: 'a date range (one week in June)',
        filter: () => ({
          practiceId: practice(7),
          from: '2026-06-01T00:00:00Z',
          to: '2026-06-08T00:00:00Z',
        }),
      },
      {
        label: 'page half way down (cursor)',
        filter: () => ({ practiceId: practice(8), before: deep }),
      },
      {
        label: 'one patient and one kind',
        filter: () => ({
          practiceId: practice(9),
          patientId: patient(pick(2000)),
          kind: 'meeting',
        }),
      },
    ];

    // The baseline: the same newest page, as a bare indexed SELECT without names.
    const baseline: number[] = [];
    for (let n = 0; n < RUNS; n += 1) {
      const t = performance.now();
      await sql`SELECT * FROM rm_practice_audit WHERE practice_id = ${practice(pick(PRACTICES))}
                 ORDER BY position DESC LIMIT 51`.execute(database.db);
      baseline.push(performance.now() - t);
    }
    const rows: string[] = [];
    rows.push(
      `| raw SELECT of a newest page (baseline) | ${percentile(baseline, 50).toFixed(2)} ms | ${percentile(baseline, 99).toFixed(2)} ms | |`,
    );
    let worst = 0;
    for (const c of cases) {
      for (let n = 0; n < 20; n += 1) await repository.page(c.filter(), 51);
      const times: number[] = [];
      let found = 0;
      for (let n = 0; n < RUNS; n += 1) {
        const t = performance.now();
        found += (await repository.page(c.filter(), 51)).length;
        times.push(performance.now() - t);
      }
      const p99 = percentile(times, 99);
      worst = Math.max(worst, p99);
      process.stdout.write(
        `${c.label}: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms (${(found / RUNS).toFixed(0)} lines)\n`,
      );
      rows.push(
        `| ${c.label} | ${percentile(times, 50).toFixed(2)} ms | ${p99.toFixed(2)} ms | ${p99 < FLOOR_P99_MS ? 'met' : 'MISSED'} |`,
      );
    }
    await writeMarkdown(
      path.join(PROJECT_ROOT, 'tests/bench/AUDIT-RESULTS.md'),
      `# Audit trail benchmark

\`npm run bench:audit\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores: ${ROWS.toLocaleString('en-US')}
trail entries in ${PRACTICES} practices (written in ${loadSeconds.toFixed(0)} s), ${RUNS} pages of 50 lines per case
through the API's own query (names joined), random patients and practices. Floor: p99 under
${FLOOR_P99_MS} ms for a filtered page; worst case here ${worst.toFixed(2)} ms.

| Page | p50 | p99 | Floor |
| --- | --- | --- | --- |
${rows.join('\n')}
`,
    );
  } finally {
    await database.close();
    await scratch.close();
  }
}

let seed = 42;
/** A small seeded generator, so every run asks for the same pages. */
function pick(n: number): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
