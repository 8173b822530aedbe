import { type ChildProcess, spawn } from 'node:child_process';

import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { LedProjectionStatus } from '../../../apps/api/src/infra/projections/projections.service';
import { createUser, type TestUser } from '../../support/accounts';
import { type ApiProcess, buildApi, startApiProcess } from '../../support/api-process';
import { closeLiveClients, type LiveClient, watch } from '../../support/live-client';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { freePort, startTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// With REDIS_URL set, live messages cross between processes through Redis (a redis-server of
// this test's own, on a free port, keeping nothing on disk), not through PostgreSQL.
const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

let redisServer: ChildProcess;
let redisUrl: string;
let database: TestDatabase;
const nodes: ApiProcess[] = [];
let fixtures: TestApp;
let practice: TestPractice;
let operator: TestUser;
let patient: TestUser;

async function startRedis(): Promise<void> {
  const port = await freePort();
  redisServer = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server not ready:\n${output}`)), 10_000);
    redisServer.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    redisServer.once('error', reject);
    redisServer.once('exit', (code) =>
      reject(new Error(`redis-server exited ${code}:\n${output}`)),
    );
  });
  redisUrl = `redis://127.0.0.1:${port}`;
}

beforeAll(async () => {
  buildApi();
  await startRedis();
  database = await createTestDatabase({ max: 4 });
  for (const n of [1, 2]) {
    nodes.push(
      await startApiProcess({
        databaseUrl: database.url,
        instanceId: `redis-node-${n}`,
        env: { REDIS_URL: redisUrl },
      }),
    );
  }
  fixtures = await startTestApp({ database, config: { runProjections: false, redisUrl } });
  practice = await createPractice(fixtures);
  operator = await createUser(fixtures, 'SuperUser');
  patient = await createUser(fixtures, 'Patient');
}, 120_000);

afterAll(async () => {
  closeLiveClients();
  await fixtures?.close();
  await Promise.all(nodes.map((node) => node.stop()));
  await database?.drop();
  if (redisServer?.exitCode === null) {
    const exited = new Promise((resolve) => redisServer.once('exit', resolve));
    redisServer.kill('SIGTERM');
    await exited;
  }
}, 60_000);

async function guestSocket(target: { url: string }, calendarId: string): Promise<LiveClient> {
  const guest = await fetch(`${target.url}/api/v1/auth/guest`, { method: 'POST' });
  const { data } = (await guest.json()) as { data: { access_token: string } };
  return watch(target, data.access_token, [`calendar:${calendarId}`]);
}

it('carries live messages from the leading process to the sockets of the others through Redis', async () => {
  const leaders = await nodes[0]!.api
    .as(operator)
    .get<LedProjectionStatus[]>('/api/v1/ops/projections');
  const leaderId = leaders.body.data[0]!.leader;
  const follower = nodes.find((node) => node.instanceId !== leaderId)!;
  expect(nodes.map((node) => node.instanceId)).toContain(leaderId);

  const { calendarId, position } = await createCalendar(fixtures, practice, {
    booking_capacity: 2,
  });
  const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
  const view = await week(fixtures, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
  const starts = view.days[0]!.time_slots.slice(0, 5).map((slot) => slot.start_date);
  // One socket on the follower, one on the process that runs no projections at all.
  const sockets = await Promise.all([
    guestSocket(follower, calendarId),
    guestSocket(fixtures, calendarId),
  ]);

  for (const start of starts) {
    const response = await follower.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: start,
      patient_id: patient.userId,
    });
    expect(response.status).toBe(201);
  }
  for (const socket of sockets) {
    const heard = await socket.eventually('slot.changed', (messages) => messages.length >= 5);
    expect(heard.map((m) => [m.start_date, m.booking_capacity])).toEqual(
      starts.map((start) => [start, 1]),
    );
    const heardAt = heard.map((m) => m.position);
    expect(heardAt).toEqual([...new Set(heardAt)].sort((a, b) => a - b));
  }

  // The messages went through Redis: every process subscribes there, and none LISTENs in
  // PostgreSQL for socket.io.
  const redis = new Redis(redisUrl);
  try {
    const numsub = (await redis.call('PUBSUB', 'NUMSUB', 'socket.io-request#/#')) as [
      string,
      number,
    ];
    expect(Number(numsub[1])).toBe(3);
  } finally {
    redis.disconnect();
  }
  const { rows } = await sql<{ listening: string }>`
    SELECT count(*) AS listening FROM pg_stat_activity
     WHERE datname = current_database() AND application_name LIKE 'medbook-live%'`.execute(
    database.db,
  );
  expect(Number(rows[0]!.listening)).toBe(0);
}, 60_000);
