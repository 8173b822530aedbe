import { type Envelope, SERVICE_BUSY_MESSAGE } from '@medbook/contracts';
import { Admission } from '../../../apps/api/src/infra/http/admission';
import { createUser, type TestUser } from '../../support/accounts';
import { closeLiveClients, openSocket } from '../../support/live-client';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Admission control: a few places per route class, so a burst fills them. What is beyond the
 * limit gets 503 with Retry-After and the busy message at once; what was admitted succeeds; the
 * places come back when the answers are sent; health is always answered.
 */
let app: TestApp;
let superUser: TestUser;

beforeAll(async () => {
  app = await startTestApp({ config: { admission: { commands: 3, queries: 3, sockets: 2 } } });
  superUser = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

interface Outcome {
  readonly status: number;
  readonly message: string;
  readonly retryAfter: string | null;
}

async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Outcome> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...superUser.auth },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  return {
    status: response.status,
    message: envelope.message,
    retryAfter: response.headers.get('retry-after'),
  };
}

function expectBurst(outcomes: readonly Outcome[], admitted: number): void {
  const ok = outcomes.filter((o) => o.status === admitted);
  const refused = outcomes.filter((o) => o.status === 503);
  expect(ok.length + refused.length).toBe(outcomes.length);
  expect(ok.length).toBeGreaterThanOrEqual(3);
  expect(refused.length).toBeGreaterThan(0);
  for (const outcome of refused) {
    expect(outcome).toEqual({ status: 503, message: SERVICE_BUSY_MESSAGE, retryAfter: '1' });
  }
}

it('refuses commands beyond the limit at once, and admits again once answers are sent', async () => {
  const burst = await Promise.all(
    Array.from({ length: 40 }, (_, n) =>
      send('POST', '/api/v1/practices', { name: `Burst Practice ${n}`, time_zone: 'UTC' }),
    ),
  );
  expectBurst(burst, 201);
  // Each refusal wrote nothing: the practices created are exactly the admitted commands.
  const created = burst.filter((o) => o.status === 201).length;
  const after = await send('POST', '/api/v1/practices', { name: 'After', time_zone: 'UTC' });
  expect(after.status).toBe(201);
  const { rows } = await app.database.sql
    .unsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM es_events WHERE event_type = 'PracticeRegistered'`,
    )
    .then((result) => ({ rows: result }));
  expect(rows[0]!.n).toBe(created + 1);
});

it('refuses queries beyond their own limit, and always answers health', async () => {
  const burst = await Promise.all(
    Array.from({ length: 40 }, () => send('GET', '/api/v1/users/me')),
  );
  expectBurst(burst, 200);
  const [health] = await Promise.all([
    fetch(`${app.url}/api/v1/health`),
    ...Array.from({ length: 20 }, () => send('GET', '/api/v1/users/me')),
  ]);
  expect(health.status).toBe(200);
});

it('refuses a socket beyond the limit with the busy message', async () => {
  const outcome = (socket: ReturnType<typeof openSocket>) =>
    new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
  const first = openSocket(app.url, superUser);
  const second = openSocket(app.url, superUser);
  expect(await Promise.all([outcome(first), outcome(second)])).toEqual(['connected', 'connected']);
  const third = openSocket(app.url, superUser);
  expect(await outcome(third)).toBe(SERVICE_BUSY_MESSAGE);
  third.disconnect();
  first.disconnect();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const fourth = openSocket(app.url, superUser);
  expect(await outcome(fourth)).toBe('connected');
});

it('lets a burst wait in a short queue instead of refusing it, and refuses beyond the queue', async () => {
  const queued = await startTestApp({
    config: {
      admission: {
        commands: 2,
        queries: 2,
        sockets: 2,
        queue: { commands: 6, queries: 0, waitMs: 5_000 },
      },
    },
  });
  try {
    const admin = await createUser(queued, 'SuperUser');
    const burst = (n: number) =>
      Promise.all(
        Array.from({ length: n }, (_, i) =>
          fetch(`${queued.url}/api/v1/practices`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...admin.auth },
            body: JSON.stringify({ name: `Queued Practice ${i}`, time_zone: 'UTC' }),
          }).then((response) => response.status),
        ),
      );
    // Two in flight and six waiting: all eight are served, none refused.
    expect(await burst(8)).toEqual(Array.from({ length: 8 }, () => 201));
    // Forty at once: at least the eight places are served, the rest refused at once.
    const statuses = await burst(40);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(8);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
  } finally {
    await queued.close();
  }
});

it('refuses a request whose wait in the queue runs out', async () => {
  const admission = new Admission({
    commands: 1,
    queries: 1,
    sockets: 1,
    queue: { commands: 1, queries: 0, waitMs: 20 },
  });
  const events: string[] = [];
  expect(
    admission.enterOrWait(
      'commands',
      () => events.push('first in'),
      () => undefined,
    ),
  ).toBe(true);
  expect(
    admission.enterOrWait(
      'commands',
      () => events.push('second in'),
      () => events.push('second refused'),
    ),
  ).toBe(true);
  // The queue holds one: a third is refused at once.
  expect(
    admission.enterOrWait(
      'commands',
      () => events.push('third in'),
      () => undefined,
    ),
  ).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 60));
  admission.leave('commands');
  expect(events).toEqual(['first in', 'second refused']);
  expect(admission.snapshot().refused.commands).toBe(2);
});
