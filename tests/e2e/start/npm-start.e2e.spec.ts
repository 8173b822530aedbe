import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CommandAccepted, Envelope, PublicHealth, LoginResult } from '@medbook/contracts';
import { PROJECT_ROOT } from '../../../apps/api/src/infra/config/project-root';
import { freePort } from '../../../apps/api/src/infra/database/free-port';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../apps/api/src/demo/identity-demo-seed';
import { sha256 } from '../../support/accounts';
import { eventually } from '../../support/events';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'medbook-start-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm start` as a person runs it: no DATABASE_URL, so it starts its own PostgreSQL. */
async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  delete env.HOST;
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/start.mjs')], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 60 s:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      if (output.includes('Medbook is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  return exited;
}

it('starts its own PostgreSQL, serves the API, stops cleanly on Ctrl-C and keeps the data', async () => {
  const port = await freePort();
  const first = await start(port);
  const base = `http://127.0.0.1:${port}/api/v1`;
  const health = (await (await fetch(`${base}/health`)).json()) as Envelope<PublicHealth>;
  expect(health.data.status).toBe('up');
  // It listens on loopback only: this machine's other addresses are refused.
  const outside = Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  if (outside) {
    const refused = await fetch(`http://${outside.address}:${port}/api/v1/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(refused).toBe('refused');
  }
  // The development outbox answers to this machine.
  expect((await fetch(`${base}/dev/outbox`)).status).toBe(200);
  // The first start seeded one account per role and printed them.
  for (const demo of DEMO_ACCOUNTS) expect(first.output()).toContain(demo.email);
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'super@demo.medbook.local', password: sha256(DEMO_PASSWORD) }),
  });
  expect(login.status).toBe(200);
  const { access_token } = ((await login.json()) as Envelope<LoginResult>).data;
  // ... and a calendar for the demo provider, ready to book.
  const provider = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'provider@demo.medbook.local',
      password: sha256(DEMO_PASSWORD),
    }),
  });
  const providerId = ((await provider.json()) as Envelope<LoginResult>).data.user.id;
  const calendars = await eventually(
    async () =>
      (
        (await (await fetch(`${base}/calendars?provider_id=${providerId}`)).json()) as Envelope<
          { name: string }[]
        >
      ).data,
    (list) => list.length > 0,
  );
  expect(calendars.map((c) => c.name)).toEqual(['Dr. Peter Provider']);
  const created = await fetch(`${base}/practices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: JSON.stringify({ name: 'Persistent Practice', time_zone: 'America/Phoenix' }),
  });
  const { id, position } = ((await created.json()) as Envelope<CommandAccepted>).data;
  expect(await stop(first.child)).toBe(0);
  expect(first.output()).toContain('stopped');
  // PostgreSQL stopped with it: no server is left holding the data directory.
  expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

  const second = await start(port);
  expect(second.output()).not.toContain('Demo accounts');
  const read = await fetch(`${base}/practices/${id}?min_position=${position}`);
  expect(read.status).toBe(200);
  expect(((await read.json()) as Envelope<{ name: string }>).data.name).toBe('Persistent Practice');
  expect(await stop(second.child)).toBe(0);
}, 150_000);
