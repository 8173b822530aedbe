// `npm run bench:history` (issue 21, item 4): does a booking cost more once a practice has a year
// of history? The same measures run twice in one process, on one database: first on a new
// practice, then after the practice has taken BENCH_HISTORY more bookings (100,000 by default:
// a year of 5-minute slots of one calendar, each booking also one notification), written through
// the API by the load generator like any booking, the projections caught up and the tables
// analysed (as autovacuum keeps a live system). Each phase: a closed loop of bookings
// (throughput, latency, the projections' lag), commit-to-socket latency with many sockets, and a
// minute of mixed operations at 150/s (bookings, cancels, reschedules, status changes) with the
// projections' lag sampled throughout.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { PROJECT_ROOT } from '../../apps/api/dist/infra/config/project-root';
import {
  type BookingService,
  CLIENTS,
  commitToSocket,
  loadSummary,
  startBookingService,
} from './booking-setup';
import { resetStatementCosts, type StatementCost, statementCosts } from './booking-costs';
import { percentile } from './percentiles';
import { writeMarkdown } from './write-markdown';

const HISTORY = Number(process.env.BENCH_HISTORY ?? 100_000);
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 3000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
const MIXED_RATE = Number(process.env.BENCH_MIXED_RATE ?? 150);
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
/** The floors of issue 21, item 4. */
const WITHIN = 0.2;
const MIXED_LAG_FLOOR_MS = 1000;
/** BENCH_PROFILE=1: pg_stat_statements over each mixed minute, its dearest statements reported. */
const PROFILE = !!process.env.BENCH_PROFILE;

interface LagSample {
  readonly events: number;
  readonly ms: number;
  /** Every sample's largest lag (ms), every 200 ms: p50 and p99 of them tell a stall from a drift. */
  readonly samples: number[];
  /** Each projection's largest lag (ms) seen. */
  readonly byProjection: Record<string, number>;
  /** What autovacuum workers were doing at the samples that found one (background work). */
  readonly autovacuum: string[];
}

/** Samples the projections' largest lag every 200 ms until stopped; answers the worst seen. */
function sampleLag(service: BookingService): { stop(): Promise<LagSample> } {
  let worst: LagSample = { events: 0, ms: 0, samples: [], byProjection: {}, autovacuum: [] };
  let running = true;
  const loop = (async () => {
    while (running) {
      const [lag, vacuums] = await Promise.all([
        service.projectionLag(),
        service.database.sql<{ query: string }[]>`
          SELECT query FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`,
      ]);
      const at = (worst.samples.length * 0.2).toFixed(1);
      const autovacuum = [
        ...worst.autovacuum,
        ...vacuums.map((v) => `${at} s ${v.query.replace('autovacuum: ', '')}`),
      ];
      const byProjection = { ...worst.byProjection };
      for (const [name, ms] of Object.entries(lag.byProjection))
        byProjection[name] = Math.max(byProjection[name] ?? 0, ms);
      worst = {
        events: Math.max(worst.events, lag.events),
        ms: Math.max(worst.ms, lag.ms),
        samples: [...worst.samples, lag.ms],
        byProjection,
        autovacuum,
      };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return worst;
    },
  };
}

interface Phase {
  readonly label: string;
  readonly appointments: number;
  readonly notifications: number;
  readonly closed: { rate: number; p50: number; p99: number; failed: number };
  readonly closedLag: LagSample;
  /** From the closed loop's last answer until every projection had applied it. */
  readonly catchUpMs: number;
  readonly socket: { p50: number; p99: number; delivered: number; expected: number };
  readonly mixed: {
    readonly sent: number;
    readonly byKind: Record<string, number>;
    readonly failed: number;
    readonly p50: number;
    readonly p99: number;
    readonly lag: LagSample;
    /** The API process's event-loop delay over the minute (ms): its own stalls. */
    readonly loopDelay: { p99: number; max: number };
    /** With BENCH_PROFILE: the minute's dearest statements. */
    readonly statements: StatementCost[] | null;
  };
}

/** What the practice holds now, from the read models. */
async function holdings(service: BookingService) {
  const [row] = await service.database.sql<{ appointments: number; notifications: number }[]>`
    SELECT (SELECT count(*)::int FROM rm_appointments) AS appointments,
           (SELECT count(*)::int FROM rm_notifications) AS notifications`;
  return row!;
}

/** VACUUM ANALYZE and a CHECKPOINT: each phase starts from the same state of upkeep. */
async function tidy(service: BookingService): Promise<void> {
  await service.database.sql`VACUUM ANALYZE`;
  await service.database.sql`CHECKPOINT`;
}

/**
 * MIXED_RATE operations a second for MIXED_SECONDS, sent on schedule whatever the answers (an
 * open loop): 40 % bookings, 20 % each cancels, reschedules and status changes (Scheduled to
 * Confirmed) of bookings made in this loop. Latency counts from each operation's due time.
 */
async function mixedLoad(service: BookingService, calendarId: string, starts: string[]) {
  const free = [...starts];
  const booked: { id: string; confirmed: boolean }[] = [];
  const latencies: number[] = [];
  const byKind: Record<string, number> = {};
  let failed = 0;
  const count = (key: string) => (byKind[key] = (byKind[key] ?? 0) + 1);
  const send = async (kind: string, call: () => Promise<Response>, dueAt: number) => {
    try {
      const response = await call();
      const body = (await response.json()) as { data: { appointment_id?: string } | null };
      count(`${kind} ${response.status}`);
      if (response.status >= 400) failed += 1;
      else latencies.push(performance.now() - dueAt);
      return body.data;
    } catch {
      failed += 1;
      count(`${kind} no answer`);
      return null;
    }
  };
  const headers = service.staffAuth;
  const operation = async (n: number, dueAt: number) => {
    const roll = n % 5;
    const confirmable = booked.filter((b) => !b.confirmed);
    if (roll <= 1 || booked.length < 10) {
      const start = free.shift();
      if (!start) return;
      const data = await send('book', () => service.book(calendarId, start), dueAt);
      if (data?.appointment_id) booked.push({ id: data.appointment_id, confirmed: false });
    } else if (roll === 2) {
      const [gone] = booked.splice(Math.floor(Math.random() * booked.length), 1);
      await send(
        'cancel',
        () =>
          fetch(`${service.base}/appointments/${gone!.id}`, {
            method: 'DELETE',
            headers,
            body: JSON.stringify({ reason: 'Plans changed' }),
          }),
        dueAt,
      );
    } else if (roll === 3) {
      const moved = booked[Math.floor(Math.random() * booked.length)]!;
      const start = free.shift();
      if (!start) return;
      await send(
        'reschedule',
        () =>
          fetch(`${service.base}/appointments/${moved.id}/reschedule`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ start_date: start }),
          }),
        dueAt,
      );
    } else {
      const chosen = confirmable[Math.floor(Math.random() * confirmable.length)];
      if (!chosen) return;
      chosen.confirmed = true;
      await send(
        'status',
        () =>
          fetch(`${service.base}/appointments/${chosen.id}/status`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ status: 'Confirmed' }),
          }),
        dueAt,
      );
    }
  };
  const total = MIXED_RATE * MIXED_SECONDS;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let n = 0; n < total; n += 1) {
    const dueAt = started + (n * 1000) / MIXED_RATE;
    const wait = dueAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const done: Promise<void> = operation(n, dueAt).finally(() => inFlight.delete(done));
    inFlight.add(done);
  }
  await Promise.all(inFlight);
  return {
    sent: total,
    byKind,
    failed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function measurePhase(service: BookingService, label: string): Promise<Phase> {
  await tidy(service);
  const held = await holdings(service);
  process.stdout.write(
    `\n${label}: ${held.appointments} appointments, ${held.notifications} notifications\n`,
  );

  process.stdout.write(`  closed loop: ${BOOKINGS} bookings, ${CLIENTS} clients...\n`);
  const closedCalendar = await service.calendar(1);
  const sampler = sampleLag(service);
  const closedResult = await service.load({
    mode: 'closed',
    calendarId: closedCalendar,
    starts: service.slotStarts(Math.ceil(BOOKINGS / 288) + 1).slice(0, BOOKINGS),
  });
  const ended = performance.now();
  await service.projectionsIdle();
  const catchUpMs = performance.now() - ended;
  const closedLag = await sampler.stop();
  const closed = loadSummary(closedResult);

  process.stdout.write(`  commit-to-socket, ${SOCKETS} sockets...\n`);
  const { delivery, expected } = await commitToSocket(service, SOCKETS);
  await service.projectionsIdle();

  process.stdout.write(`  mixed operations, ${MIXED_RATE}/s for ${MIXED_SECONDS} s...\n`);
  const mixedCalendar = await service.calendar(1);
  if (PROFILE) await resetStatementCosts(service.database.sql);
  const mixedSampler = sampleLag(service);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const mixed = await mixedLoad(
    service,
    mixedCalendar,
    service.slotStarts(Math.ceil((MIXED_RATE * MIXED_SECONDS) / 288) + 2),
  );
  loop.disable();
  await service.projectionsIdle();
  const mixedLag = await mixedSampler.stop();
  const statements = PROFILE ? await statementCosts(service.database.sql) : null;
  return {
    label,
    appointments: held.appointments,
    notifications: held.notifications,
    closed,
    closedLag,
    catchUpMs,
    socket: {
      p50: percentile(delivery, 50),
      p99: percentile(delivery, 99),
      delivered: delivery.length,
      expected,
    },
    mixed: {
      ...mixed,
      lag: mixedLag,
      loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      statements,
    },
  };
}

async function main(): Promise<void> {
  const service = await startBookingService({
    prefix: 'medbook_history',
    connections: 256,
    preload: PROFILE ? ['pg_stat_statements'] : [],
  });
  const phases: Phase[] = [];
  let historySeconds: number;
  try {
    if (WARMUP > 0) {
      process.stdout.write(`Warming up: ${WARMUP} bookings...\n`);
      await service.load({
        mode: 'closed',
        calendarId: await service.calendar(1),
        starts: service.slotStarts(Math.ceil(WARMUP / 288) + 1).slice(0, WARMUP),
      });
      await service.projectionsIdle();
    }
    phases.push(await measurePhase(service, 'New practice'));

    process.stdout.write(`\nWriting a year of history: ${HISTORY} bookings through the API...\n`);
    const started = performance.now();
    const history = await service.load({
      mode: 'closed',
      calendarId: await service.calendar(1),
      starts: service.slotStarts(Math.ceil(HISTORY / 288) + 1).slice(0, HISTORY),
    });
    await service.projectionsIdle();
    historySeconds = (performance.now() - started) / 1000;
    const made = history.statuses.filter((status) => status === 201).length;
    process.stdout.write(`  ${made} booked in ${historySeconds.toFixed(0)} s\n`);
    phases.push(await measurePhase(service, 'With a year of history'));
  } finally {
    await service.close();
  }
  await writeMarkdown(
    path.join(PROJECT_ROOT, 'tests/bench/HISTORY-RESULTS.md'),
    report(phases, historySeconds),
  );
}

function report(phases: Phase[], historySeconds: number): string {
  const [fresh, old] = phases as [Phase, Phase];
  const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
  const ratio = (a: number, b: number) => (a === 0 ? '-' : `${((b / a) * 100).toFixed(0)} %`);
  // Throughput may not fall by more than 20 %; latency and lag may not grow by more than 20 %.
  const notLower = (a: number, b: number) => (b >= a * (1 - WITHIN) ? 'met' : 'MISSED');
  const notHigher = (a: number, b: number) => (b <= a * (1 + WITHIN) ? 'met' : 'MISSED');
  const rows: [string, string, string, string, string][] = [
    [
      'Held before the phase',
      `${fresh.appointments} appointments, ${fresh.notifications} notifications`,
      `${old.appointments} appointments, ${old.notifications} notifications`,
      '-',
      '-',
    ],
    [
      `Closed loop, ${CLIENTS} clients, ${BOOKINGS} bookings`,
      `${Math.round(fresh.closed.rate)}/s`,
      `${Math.round(old.closed.rate)}/s`,
      ratio(fresh.closed.rate, old.closed.rate),
      `within 20 %: ${notLower(fresh.closed.rate, old.closed.rate)}`,
    ],
    [
      'Closed loop, p50 / p99',
      `${ms(fresh.closed.p50)} / ${ms(fresh.closed.p99)}`,
      `${ms(old.closed.p50)} / ${ms(old.closed.p99)}`,
      ratio(fresh.closed.p99, old.closed.p99),
      '-',
    ],
    [
      'Projections behind during the closed loop, at most',
      `${fresh.closedLag.events} events, ${ms(fresh.closedLag.ms)}`,
      `${old.closedLag.events} events, ${ms(old.closedLag.ms)}`,
      ratio(fresh.closedLag.ms, old.closedLag.ms),
      `within 20 %: ${notHigher(fresh.closedLag.ms, old.closedLag.ms)}`,
    ],
    [
      'Projections caught up after the last answer',
      ms(fresh.catchUpMs),
      ms(old.catchUpMs),
      ratio(fresh.catchUpMs, old.catchUpMs),
      '-',
    ],
    [
      `Commit-to-socket, ${SOCKETS} sockets, p50 / p99`,
      `${ms(fresh.socket.p50)} / ${ms(fresh.socket.p99)} (${fresh.socket.delivered} of ${fresh.socket.expected})`,
      `${ms(old.socket.p50)} / ${ms(old.socket.p99)} (${old.socket.delivered} of ${old.socket.expected})`,
      ratio(fresh.socket.p99, old.socket.p99),
      `within 20 %: ${notHigher(fresh.socket.p99, old.socket.p99)}; under 100 ms: ${fresh.socket.p99 < 100 && old.socket.p99 < 100 ? 'met' : 'MISSED'}`,
    ],
    [
      `Mixed, ${MIXED_RATE}/s for ${MIXED_SECONDS} s: p50 / p99 (failed)`,
      `${ms(fresh.mixed.p50)} / ${ms(fresh.mixed.p99)} (${fresh.mixed.failed})`,
      `${ms(old.mixed.p50)} / ${ms(old.mixed.p99)} (${old.mixed.failed})`,
      ratio(fresh.mixed.p99, old.mixed.p99),
      '-',
    ],
    [
      'Mixed: projections behind, p50 / p99 of the samples every 200 ms',
      `${ms(percentile(fresh.mixed.lag.samples, 50))} / ${ms(percentile(fresh.mixed.lag.samples, 99))}`,
      `${ms(percentile(old.mixed.lag.samples, 50))} / ${ms(percentile(old.mixed.lag.samples, 99))}`,
      ratio(percentile(fresh.mixed.lag.samples, 99), percentile(old.mixed.lag.samples, 99)),
      '-',
    ],
    [
      "Mixed: the API process's event-loop delay, p99 / max",
      `${ms(fresh.mixed.loopDelay.p99)} / ${ms(fresh.mixed.loopDelay.max)}`,
      `${ms(old.mixed.loopDelay.p99)} / ${ms(old.mixed.loopDelay.max)}`,
      ratio(fresh.mixed.loopDelay.max, old.mixed.loopDelay.max),
      '-',
    ],
    [
      'Mixed: projections behind, at most',
      `${fresh.mixed.lag.events} events, ${ms(fresh.mixed.lag.ms)}`,
      `${old.mixed.lag.events} events, ${ms(old.mixed.lag.ms)}`,
      ratio(fresh.mixed.lag.ms, old.mixed.lag.ms),
      `under 1 s: ${fresh.mixed.lag.ms < MIXED_LAG_FLOOR_MS && old.mixed.lag.ms < MIXED_LAG_FLOOR_MS ? 'met' : 'MISSED'}`,
    ],
  ];
  const table = [
    `| Measure | ${fresh.label} | ${old.label} | History against new | Floor (issue 21, item 4) |`,
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
  const kinds = (p: Phase) =>
    Object.entries(p.mixed.byKind)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
  return `# History benchmark

\`npm run bench:history\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores, Node ${process.version}, 1-minute load ${os.loadavg()[0]!.toFixed(2)} at the end. The API, its projections, the load generator, the socket watchers and an embedded PostgreSQL on one machine. The history: ${HISTORY.toLocaleString('en-US')} bookings of one calendar's 5-minute slots (about ${Math.round(HISTORY / 288)} days) by the load generator through the API, each also a notification, written and projected in ${historySeconds.toFixed(0)} s; both phases start after VACUUM ANALYZE and a CHECKPOINT.

${table}

Mixed operations' answers, new practice: ${kinds(fresh)}. With history: ${kinds(old)}.

Lag samples over 500 ms during the mixed minute with history (second of the minute: ms): ${
    old.mixed.lag.samples
      .map((v, i) => [i, v] as const)
      .filter(([, v]) => v > 500)
      .map(([i, v]) => `${(i * 0.2).toFixed(1)}: ${v.toFixed(0)}`)
      .join(', ') || 'none'
  }.

Autovacuum seen during the mixed minute with history (about the second of the minute, then what it did): ${summariseVacuums(old.mixed.lag.autovacuum)}.

Each projection's largest lag during the mixed minute (ms), new practice / with history: ${Object.keys(
    old.mixed.lag.byProjection,
  )
    .map(
      (name) =>
        `${name} ${(fresh.mixed.lag.byProjection[name] ?? 0).toFixed(0)} / ${old.mixed.lag.byProjection[name]!.toFixed(0)}`,
    )
    .join(', ')}.
${PROFILE ? statementTable(fresh, old) : ''}`;
}

/** Each autovacuum job once, with the first and last second it was seen. */
function summariseVacuums(seen: readonly string[]): string {
  const jobs = new Map<string, [string, string]>();
  for (const line of seen) {
    const [at, ...rest] = line.split(' s ');
    const job = rest.join(' s ');
    const span = jobs.get(job);
    jobs.set(job, span ? [span[0], at!] : [at!, at!]);
  }
  return [...jobs].map(([job, [from, to]]) => `${from}-${to} s: ${job}`).join('; ') || 'none';
}

/** The mixed minute's dearest statements with history, beside the same statements' new-practice cost. */
function statementTable(fresh: Phase, old: Phase): string {
  const before = new Map((fresh.mixed.statements ?? []).map((s) => [s.query, s]));
  const rows = (old.mixed.statements ?? []).slice(0, 15).map((s) => {
    const was = before.get(s.query);
    const text = s.query.length > 160 ? `${s.query.slice(0, 157)}...` : s.query;
    return `| \`${text.replace(/\|/g, '\\|')}\` | ${s.calls} | ${s.execMs.toFixed(0)} ms | ${was ? `${was.calls} calls, ${was.execMs.toFixed(0)} ms` : '-'} |`;
  });
  return `
The mixed minute's dearest statements in PostgreSQL (pg_stat_statements, BENCH_PROFILE=1): with history, and the same statement's cost in the new practice's minute.

| Statement | Calls | Time, with history | New practice |
| --- | --- | --- | --- |
${rows.join('\n')}
`;
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
