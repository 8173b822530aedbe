// `npm run bench:replay`: a rebuild of every projection over a log of at least 100,000 events
// (BENCH_REPLAY_EVENTS) written by the real deciders (see replay-log.ts; writing it is not timed).
// Before: each projection alone, `apply` event by event (how replay ran before), on a shorter log
// (BENCH_REPLAY_BEFORE_EVENTS): at that pace the long one takes minutes per projection. After: all
// projections from one read of the log, whole batches through `applyAll`, then each alone.
// Then each projection rebuilt alone (what a back-fill of a new projection does). Floor (issue 16):
// 50,000 log events/s for a rebuild or back-fill. Results: REPLAY-RESULTS.md.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import {
  LOG_START,
  type LogPosition,
  PostgresEventStore,
  type RecordedEvent,
} from '@medbook/event-store';
import { postgresCpuMs, processCpuMs, walBytes, walLsn } from './booking-costs';
import { type CpuProfile, summarise } from './cpu-profile-summary';
import { copyUntil, driveOnePractice } from './replay-log';
import { PROJECT_ROOT } from '../../apps/api/src/infra/config/project-root';
import {
  ProjectionRebuilder,
  type RebuildOptions,
} from '../../apps/api/src/infra/projections/projection-rebuilder';
import { ALL_PROJECTIONS } from '../../apps/api/src/projections';
import { startTestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const EVENTS = Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000);
const BEFORE_EVENTS = Number(process.env.BENCH_REPLAY_BEFORE_EVENTS ?? 5_000);
const COMMANDS = Number(process.env.BENCH_REPLAY_COMMANDS ?? 400);
const FLOOR = 50_000;
/**
 * BENCH_REPLAY_ONLY=scheduling,users: rebuild only these projections, print their times and skip
 * the event-by-event run and the results page (for working on one projection's replay).
 */
const ONLY = process.env.BENCH_REPLAY_ONLY?.split(',').filter(Boolean);
/**
 * With BENCH_REPLAY_ONLY, BENCH_PROFILE=1 also prints where the rebuild's time went: the CPU of
 * this process (sampled by the inspector's profiler, summed by area and function) and of the
 * database's backends, and the WAL it wrote.
 */
const PROFILE = process.env.BENCH_PROFILE === '1';
const PROJECTIONS = ONLY ? ALL_PROJECTIONS.filter((p) => ONLY.includes(p.name)) : ALL_PROJECTIONS;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ max: 4 });
});

afterAll(async () => {
  await database.drop();
});

async function wholeLog(store: PostgresEventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after: LogPosition = LOG_START;
  for (;;) {
    const batch = await store.readAll({ after, maxCount: 5000 });
    if (batch.length === 0) return events;
    events.push(...batch);
    after = batch[batch.length - 1]!.logPosition;
  }
}

interface Timed {
  readonly label: string;
  readonly events: number;
  readonly seconds: number;
}

/** The rebuild of them all, then each projection's own time applying the batches. */
async function timed(
  rebuilder: ProjectionRebuilder,
  label: string,
  options: RebuildOptions = {},
): Promise<Timed[]> {
  const started = performance.now();
  const { applied, seconds } = await rebuilder.rebuildAll(PROJECTIONS, options);
  const all = { label, events: applied, seconds: (performance.now() - started) / 1000 };
  process.stdout.write(`${label}: ${applied} events in ${all.seconds.toFixed(2)} s\n`);
  return [
    all,
    ...PROJECTIONS.map((p) => ({ label: p.name, events: applied, seconds: seconds[p.name]! })),
  ];
}

/** Runs the work under the inspector's profiler and prints its costs (BENCH_PROFILE=1). */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  const cpu0 = processCpuMs(process.pid);
  const pg0 = await postgresCpuMs(database.sql, null);
  const lsn0 = await walLsn(database.sql);
  await session.post('Profiler.start');
  const result = await work();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  const pg = (await postgresCpuMs(database.sql, null)) - pg0;
  const wal = await walBytes(database.sql, lsn0, await walLsn(database.sql));
  const cpu = processCpuMs(process.pid) - cpu0;
  const { totalMs, areas, functions } = summarise(profile as unknown as CpuProfile);
  const line = (t: { name: string; ms: number; share: number }) =>
    `  ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.ms.toFixed(0).padStart(6)} ms  ${t.name}\n`;
  process.stdout.write(
    `this process: ${cpu.toFixed(0)} ms CPU (${totalMs.toFixed(0)} ms sampled on the main thread); ` +
      `PostgreSQL backends: ${pg.toFixed(0)} ms CPU; WAL ${(wal / 1048576).toFixed(1)} MiB\n` +
      `by area:\n${areas.slice(0, 15).map(line).join('')}by function:\n${functions.slice(0, 30).map(line).join('')}`,
  );
  return result;
}

const rate = (t: Timed) => Math.round(t.events / t.seconds);
const row = (t: Timed) =>
  `| ${t.label} | ${t.events.toLocaleString('en-US')} | ${t.seconds.toFixed(2)} s | ${rate(t).toLocaleString('en-US')} |`;

it(`rebuilds every projection over ${EVENTS.toLocaleString('en-US')} events`, async () => {
  const app = await startTestApp({ database });
  const generating = performance.now();
  const answered = await driveOnePractice(app, COMMANDS);
  await app.close();
  const store = new PostgresEventStore(database.eventStoreSql, { listen: false });
  const original = await wholeLog(store);
  const rebuilder = new ProjectionRebuilder(store, database.db, { now: () => new Date() });

  if (ONLY) {
    expect(PROJECTIONS.map((p) => p.name).sort()).toEqual([...ONLY].sort());
    await copyUntil(store, original, EVENTS, original.length);
    const only = PROFILE
      ? await profiled(() => timed(rebuilder, ONLY.join(', ')))
      : await timed(rebuilder, ONLY.join(', '));
    await store.close();
    process.stdout.write(`${only.map((t) => `${row(t)}\n`).join('')}`);
    expect(only[0]!.events).toBeGreaterThanOrEqual(EVENTS);
    return;
  }
  let length = await copyUntil(store, original, BEFORE_EVENTS, original.length);
  const before = await timed(rebuilder, 'all, event by event, one connection', {
    eventByEvent: true,
    connections: 1,
  });
  length = await copyUntil(store, original, EVENTS, length);
  const generated = (performance.now() - generating) / 1000;
  const after = await timed(rebuilder, 'all, batched');
  const all = after[0]!;
  // A back-fill adds one projection to a running service: each projection rebuilt alone, the
  // whole log read for it.
  const alone: Timed[] = [];
  for (const projection of PROJECTIONS) {
    const started = performance.now();
    const { applied } = await rebuilder.rebuild(projection);
    alone.push({
      label: projection.name,
      events: applied,
      seconds: (performance.now() - started) / 1000,
    });
    process.stdout.write(`${row(alone[alone.length - 1]!)}\n`);
  }
  const slowest = alone.reduce((a, b) => (rate(a) < rate(b) ? a : b));
  await store.close();

  const kinds = Object.entries(answered)
    .map(([key, count]) => `${key}: ${count}`)
    .join(', ');
  const file = path.join(PROJECT_ROOT, 'tests/bench/REPLAY-RESULTS.md');
  writeFileSync(
    file,
    `# Replay benchmark

\`npm run bench:replay\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores shared with
other work (the numbers move with the machine's load). The log: ${COMMANDS} commands of one practice's
day through the API (${original.length} events; answers ${kinds}), copied with fresh ids and emails
to ${length.toLocaleString('en-US')} events (written in ${generated.toFixed(0)} s, not timed). Floor: ${FLOOR.toLocaleString('en-US')} log events/s
for a rebuild or back-fill. Each projection rebuilt alone (a back-fill's work): the slowest, ${slowest.label}, at ${rate(slowest).toLocaleString('en-US')} (${rate(slowest) >= FLOOR ? 'met' : 'MISSED'});
every projection in one rebuild: ${rate(all).toLocaleString('en-US')} (${rate(all) >= FLOOR ? 'met' : 'MISSED'}).

## Each projection alone: a rebuild or back-fill of one, reading the whole log for it

| Projection | Log events | Time, all included | Log events/s |
| --- | --- | --- | --- |
${alone.map(row).join('\n')}

## All together: one read of the log, whole batches, indexes after the load (each projection's time applying its batches on its own connection, two side by side)

| Projections | Log events | Time | Log events/s |
| --- | --- | --- | --- |
${after.map(row).join('\n')}

## Before: event by event, one projection after another (first ${before[0]!.events.toLocaleString('en-US')} events of the same log)

| Projections | Log events | Time | Log events/s |
| --- | --- | --- | --- |
${before.map(row).join('\n')}
`,
  );
  // Formatted by Prettier's own command (jest's module loader cannot import Prettier's plugins).
  execFileSync(process.execPath, [
    path.join(PROJECT_ROOT, 'node_modules/prettier/bin/prettier.cjs'),
    '--write',
    file,
  ]);
  expect(all.events).toBeGreaterThanOrEqual(EVENTS);
}, 3_600_000);
