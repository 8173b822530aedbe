// The service the booking benchmarks drive (`npm run bench:booking`, `npm run bench:history`):
// the built API in this process on a scratch PostgreSQL, a practice with a provider, a facility,
// staff and 64 patients, dense calendars on demand, and the load generator (booking-load.ts) and
// the socket watchers (socket-watchers.ts) in processes of their own, as real clients are.
import { type ChildProcess, fork } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import type { BookingResult } from '@medbook/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DateTime } from 'luxon';
import pino from 'pino';
import { createApp } from '../../apps/api/dist/create-app';
import { type AppConfig, loadConfig } from '../../apps/api/dist/infra/config/app-config';
import { PROJECT_ROOT } from '../../apps/api/dist/infra/config/project-root';
import { connectDatabase, type Database } from '../../apps/api/dist/infra/database/database';
import { migrateToLatest } from '../../apps/api/dist/infra/database/migrator';
import { ProjectionsService } from '../../apps/api/dist/infra/projections/projections.service';
import { AccountService } from '../../apps/api/dist/modules/identity/account.service';
import { type BenchDatabase, openBenchDatabase } from './bench-database';
import type { LoadRequest, LoadResult } from './booking-load';
import { percentile } from './percentiles';
import type { WatchReport, WatchRequest } from './socket-watchers';

/** Concurrent clients of a closed loop. */
export const CLIENTS = 64;

export interface BookingServiceOptions {
  /** The scratch database's name prefix. */
  readonly prefix: string;
  /** Libraries for shared_preload_libraries (pg_stat_statements for a profile). */
  readonly preload?: readonly string[];
  /** Counts the statements the API sends, by their text. */
  readonly queryCounts?: Map<string, number> | null;
  /** The projections, process manager and schedulers in a second API process (dist/main.js). */
  readonly projectionsApart?: boolean;
  /** Keep-alive connections the open-loop generator opens before its clock starts. */
  readonly connections: number;
}

export interface BookingService {
  readonly scratch: BenchDatabase;
  readonly database: Database;
  readonly app: NestFastifyApplication;
  readonly config: AppConfig;
  readonly port: number;
  /** http://127.0.0.1:<port>/api/v1 */
  readonly base: string;
  readonly practiceId: string;
  readonly adminAuth: Record<string, string>;
  readonly staffAuth: Record<string, string>;
  readonly patientIds: readonly string[];
  /** The second process that leads the projections, when asked for. */
  readonly projectionsProcess: ChildProcess | null;
  /** A calendar of the practice's provider: every `step` minutes over `hours`, from today. */
  calendar(capacity: number, hours?: [number, number], step?: number): Promise<string>;
  /** Every 5-minute start of `days` days from tomorrow (UTC), as the dense calendars offer. */
  slotStarts(days: number): string[];
  /** One staff booking of a random patient. */
  book(calendarId: string, start: string): Promise<Response>;
  /** Runs the load generator in its own process. */
  load(
    request: Omit<LoadRequest, 'url' | 'headers' | 'clients' | 'patientIds'>,
    url?: string,
  ): Promise<LoadResult>;
  /** Resolves once every projection has applied the whole log. */
  projectionsIdle(): Promise<void>;
  /** The projections' largest lag now, in events and in ms, and each projection's in ms. */
  projectionLag(): Promise<{ events: number; ms: number; byProjection: Record<string, number> }>;
  close(): Promise<void>;
}

/** Throughput and latency of bookings made (201) only: a refusal is fast and is not a booking. */
export function loadSummary(result: LoadResult) {
  for (const [key, n] of Object.entries(result.failures))
    process.stdout.write(`  failed ${n}x: ${key}\n`);
  const booked = result.latencies.filter((_, i) => result.statuses[i] === 201);
  return {
    failed: Object.values(result.failures).reduce((a, b) => a + b, 0),
    rate: booked.length / result.seconds,
    p50: percentile(booked, 50),
    p99: percentile(booked, 99),
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startBookingService(options: BookingServiceOptions): Promise<BookingService> {
  // pg_stat_statements must be loaded at the server's start: the profile asks for a restart.
  const scratch = await openBenchDatabase(options.prefix, { preload: options.preload ?? [] });
  const queryCounts = options.queryCounts ?? null;
  const database = connectDatabase(scratch.url, {
    // The API's own default (DATABASE_POOL_MAX) unless BENCH_POOL says otherwise.
    max: Number(process.env.BENCH_POOL ?? loadConfig({ NODE_ENV: 'test' }).databasePoolMax),
    appName: 'medbook-bench',
    onQuery: queryCounts
      ? (query) => {
          const key = query.replace(/\s+/g, ' ').slice(0, 90);
          queryCounts.set(key, (queryCounts.get(key) ?? 0) + 1);
        }
      : undefined,
  });
  const port = await freePort();
  const config: AppConfig = {
    ...loadConfig({
      // A run on a busy machine outlasts the default 15 minutes of the bench's sign-ins.
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
    }),
    host: '127.0.0.1',
    publicUrl: `http://127.0.0.1:${port}`,
    projectionPollMs: 200,
    // Apart: the API under test serves requests only; the projections, the process manager and
    // the schedulers run in a second API process on the same database (as a deployment of
    // several processes may place them), so their work is off its event loop.
    runProjections: !options.projectionsApart,
  };
  await migrateToLatest(database.db, path.join(PROJECT_ROOT, 'migrations'));
  const app = await createApp({
    config,
    database,
    logger: pino({ level: 'silent' }),
    clock: { now: () => new Date() },
  });
  await app.listen({ port, host: '127.0.0.1', backlog: config.listenBacklog });
  const base = `http://127.0.0.1:${port}/api/v1`;
  const projectionsProcess = options.projectionsApart
    ? await startProjectionsProcess(scratch.url)
    : null;
  const statuses = () => app.get(ProjectionsService).statuses();

  const practiceId = randomUUID();
  const accounts = app.get(AccountService);
  const context = {
    actorId: 'bench',
    actorRole: 'System',
    onBehalfOf: null,
    ip: null,
    userAgent: 'bench',
    correlationId: 'bench',
  };
  const password = createHash('sha256').update('bench').digest('hex');
  const login = async (type: 'PracticeAdmin' | 'Staff') => {
    const email = `${type.toLowerCase()}-${randomUUID().slice(0, 6)}@bench.local`;
    await accounts.createAccount(
      { email, password, first_name: 'Bench', last_name: type },
      context,
      { type, practiceId, socialProvider: null },
    );
    const response = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    const body = (await response.json()) as { data: { access_token: string } };
    return {
      authorization: `Bearer ${body.data.access_token}`,
      'content-type': 'application/json',
    };
  };
  const adminAuth = await login('PracticeAdmin');
  const staffAuth = await login('Staff');
  // The patients staff book for (registered, without a password: no hashing to wait for).
  const patientIds = await Promise.all(
    Array.from({ length: 64 }, (_, i) =>
      accounts.createAccount(
        {
          email: `patient-${i}-${randomUUID().slice(0, 6)}@bench.local`,
          first_name: 'Bench',
          last_name: `Patient ${i}`,
        },
        context,
        { type: 'Patient', practiceId: null, socialProvider: null },
      ),
    ),
  );
  // The calendars' facility and provider, registered in the practice's directory.
  const register = async (kind: string, body: Record<string, unknown>) => {
    const response = await fetch(`${base}/practices/${practiceId}/${kind}`, {
      method: 'POST',
      headers: adminAuth,
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: { id: string } | null; message: string };
    if (!answer.data) throw new Error(`Registering ${kind}: ${response.status} ${answer.message}`);
    return answer.data.id;
  };
  const facilityId = await register('facilities', {
    name: 'Bench Clinic',
    iana_time_zone: 'UTC',
    office_visit: true,
    tele_visit: true,
    address: { address1: '1 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
  });
  const providerId = await accounts.createAccount(
    {
      email: `provider-${randomUUID().slice(0, 6)}@bench.local`,
      password,
      first_name: 'Bench',
      last_name: 'Provider',
    },
    context,
    { type: 'Provider', practiceId, socialProvider: null },
  );
  await register('providers', {
    user_id: providerId,
    first_name: 'Bench',
    last_name: 'Provider',
    provider_type: 'local',
    specialties: ['Family Medicine'],
    facility_ids: [],
  });
  const today = DateTime.now().setZone('UTC').toISODate()!;

  return {
    scratch,
    database,
    app,
    config,
    port,
    base,
    practiceId,
    adminAuth,
    staffAuth,
    patientIds,
    projectionsProcess,
    // The booking cases use a dense calendar (24 hours, every 5 minutes: many distinct slots);
    // a clinic's is 8:00 to 18:00 every 15 minutes.
    calendar: async (capacity, hours = [0, 24], step = 5) => {
      const response = await fetch(`${base}/practices/${practiceId}/calendars`, {
        method: 'POST',
        headers: adminAuth,
        body: JSON.stringify({
          name: 'Bench',
          provider_id: providerId,
          facility_id: facilityId,
          time_zone: 'UTC',
          visit_type: 'Office',
          first_hour: hours[0],
          last_hour: hours[1],
          time_step: step,
          date_from: today,
          working_days: [1, 2, 3, 4, 5, 6, 7],
          booking_capacity: capacity,
        }),
      });
      const body = (await response.json()) as { data: { id: string } | null; message: string };
      if (!body.data) throw new Error(`Creating a calendar: ${response.status} ${body.message}`);
      return body.data.id;
    },
    slotStarts: (days) => {
      const starts: string[] = [];
      const first = DateTime.now().setZone('UTC').plus({ days: 1 }).startOf('day');
      for (let m = 0; m < days * 24 * 60; m += 5)
        starts.push(
          first.plus({ minutes: m }).toISO({ suppressMilliseconds: true })!.replace('+00:00', 'Z'),
        );
      return starts;
    },
    book: (calendarId, start) =>
      fetch(`${base}/appointments`, {
        method: 'POST',
        headers: staffAuth,
        body: JSON.stringify({
          calendar_id: calendarId,
          start_date: start,
          patient_id: patientIds[Math.floor(Math.random() * patientIds.length)],
        }),
      }),
    load: (request, url = `${base}/appointments`) =>
      new Promise<LoadResult>((resolve, reject) => {
        const child = fork(path.join(__dirname, 'booking-load.ts'), {
          execArgv: ['--import', 'tsx'],
        });
        child.once('message', (result) => resolve(result as LoadResult));
        child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
        child.send({
          connections: options.connections,
          ...request,
          url,
          headers: staffAuth,
          clients: CLIENTS,
          patientIds,
        });
      }),
    projectionsIdle: async () => {
      for (let idle = false; !idle;) {
        idle = (await statuses()).every((p) => p.lag_events === 0);
        if (!idle) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    projectionLag: async () => {
      const all = await statuses();
      return {
        events: Math.max(0, ...all.map((p) => p.lag_events)),
        ms: Math.max(0, ...all.map((p) => p.lag_ms)),
        byProjection: Object.fromEntries(all.map((p) => [p.name, p.lag_ms])),
      };
    },
    close: async () => {
      if (projectionsProcess) {
        const exited = new Promise((resolve) => projectionsProcess.once('exit', resolve));
        projectionsProcess.kill('SIGTERM');
        await exited;
      }
      await app.close();
      await database.close();
      await scratch.close();
    },
  };
}

/**
 * Commit-to-socket latency: `sockets` socket.io clients (in a process of their own) watch a new
 * calendar while `bookings` bookings are made one by one, 20 ms apart; each delivery counts from
 * the booking's 201 on the shared machine clock. Answers every delivery's latency and how many
 * were expected, and per booking the first socket's latency (the projection's path to the
 * sockets) and the spread from its first socket to its last (the fan-out to every socket, and the
 * watchers' process reading them one after another).
 */
export async function commitToSocket(
  service: BookingService,
  sockets: number,
  bookings = 50,
): Promise<{ delivery: number[]; expected: number; first: number[]; spread: number[] }> {
  const guest = (await (
    await fetch(`${service.base}/auth/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as { data: { access_token: string } };
  const watched = await service.calendar(1);
  const watchers = fork(path.join(__dirname, 'socket-watchers.ts'), {
    execArgv: ['--import', 'tsx'],
  });
  const watcherMessage = () =>
    new Promise<unknown>((resolve, reject) => {
      watchers.once('message', resolve);
      watchers.once('exit', (code) => reject(new Error(`socket watchers exited with ${code}`)));
    });
  const ready = watcherMessage();
  watchers.send({
    url: `http://127.0.0.1:${service.port}`,
    token: guest.data.access_token,
    calendarId: watched,
    sockets,
  } satisfies WatchRequest);
  await ready;
  const committedAt = new Map<string, number>();
  for (const start of service.slotStarts(1).slice(0, bookings)) {
    const response = await service.book(watched, start);
    const body = (await response.json()) as { data: BookingResult };
    // The same clock as the watchers' (see socket-watchers.ts).
    if (body.data) committedAt.set(start, performance.timeOrigin + performance.now());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const reported = watcherMessage();
  watchers.send('report');
  const received = (await reported) as WatchReport;
  const delivery: number[] = [];
  const first: number[] = [];
  const spread: number[] = [];
  for (const [start, at] of committedAt) {
    const times = received[start] ?? [];
    for (const t of times) delivery.push(Math.max(0, t - at));
    if (times.length === 0) continue;
    const earliest = Math.min(...times);
    first.push(Math.max(0, earliest - at));
    spread.push(Math.max(...times) - earliest);
  }
  return { delivery, expected: committedAt.size * sockets, first, spread };
}

/**
 * A second API process on the bench's database (the built `main.js`, as `npm start` runs it) that
 * leads the projections, the process manager and the schedulers; ready once its /health answers.
 */
async function startProjectionsProcess(databaseUrl: string): Promise<ChildProcess> {
  const port = await freePort();
  const child = fork(path.join(PROJECT_ROOT, 'apps/api/dist/main.js'), {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      INSTANCE_ID: 'bench-projections',
      PROJECTION_POLL_MS: '200',
    },
  });
  for (const deadline = Date.now() + 60_000; ;) {
    if (child.exitCode !== null) throw new Error('the projections process exited');
    if (Date.now() > deadline) throw new Error('the projections process was not ready in 60 s');
    const ready = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
