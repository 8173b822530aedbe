import {
  type CommandAccepted,
  OPS_MESSAGES,
  type ProjectionStatus,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import { sql } from 'kysely';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import type { Projection } from '../../../apps/api/src/infra/projections/projection';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { systemClock } from '../../../apps/api/src/infra/clock';
import { ALL_PROJECTIONS } from '../../../apps/api/src/projections';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * A projection that cannot apply one event: the others go on, /ops/projections names the event
 * (position, type, error) on every process, an operator parks it with a reason (an event of its
 * own), the projection moves past it at once, and a rebuild skips it again.
 */
const POISON = 'Poison Clinic';
const applied: number[] = [];
const fussy: Projection = {
  name: 'fussy',
  tables: [],
  apply(event) {
    if ((event.data as { name?: unknown }).name === POISON) {
      return Promise.reject(new Error('cannot apply this practice'));
    }
    applied.push(event.globalPosition);
    return Promise.resolve();
  },
};

let app: TestApp;
let agent: TestUser;
let superUser: TestUser;
let patient: TestUser;

beforeAll(async () => {
  app = await startTestApp({ projections: [...ALL_PROJECTIONS, fussy] });
  agent = await createUser(app, 'SupportAgent');
  superUser = await createUser(app, 'SuperUser');
  patient = await createUser(app, 'Patient');
});

afterAll(async () => {
  await app.close();
});

const statusOf = async (name: string): Promise<ProjectionStatus> => {
  const response = await app.api.as(agent).get('/api/v1/ops/projections');
  expect(response.status).toBe(200);
  return (response.body.data as ProjectionStatus[]).find((p) => p.name === name)!;
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

const registerPractice = async (name: string) => {
  const response = await app.api
    .as(superUser)
    .post('/api/v1/practices', { name, time_zone: 'UTC' });
  expect(response.status).toBe(201);
  return response.body.data as CommandAccepted;
};

const park = (user: TestUser, name: string, body: unknown) =>
  app.api.as(user).post(`/api/v1/ops/projections/${name}/parked-events`, body);

it('names the event a projection is stuck on, lets an operator park it, and moves on', async () => {
  const poison = await registerPractice(POISON);
  const good = await registerPractice('Good Clinic');

  // The other projections go on: the good practice is readable.
  await until(
    () => app.api.as(superUser).get(`/api/v1/practices/${good.id}`),
    (response) => response.status === 200,
  );
  const stuck = await until(
    () => statusOf('fussy'),
    (status) => status.failing_event?.position === poison.position,
  );
  expect(stuck.state).toBe('failing');
  expect(stuck.position).toBeLessThan(poison.position);
  expect(stuck.failing_event).toMatchObject({
    type: 'PracticeRegistered',
    error: 'cannot apply this practice',
  });
  expect(stuck.failing_event!.attempts).toBeGreaterThanOrEqual(1);
  expect(stuck.last_error).toContain(`failed on event ${poison.position} (PracticeRegistered)`);
  expect(stuck.parked_events).toEqual([]);
  expect((await statusOf('practices')).failing_event).toBeNull();

  // Who may park, and what.
  expect(
    (await park(patient, 'fussy', { position: poison.position, reason: 'x y z' })).status,
  ).toBe(403);
  const unknown = await park(agent, 'no-such', { position: poison.position, reason: 'bad data' });
  expect([unknown.status, unknown.body.message]).toEqual([404, OPS_MESSAGES.unknownProjection]);
  const noEvent = await park(agent, 'fussy', { position: good.position + 10_000, reason: 'why' });
  expect([noEvent.status, noEvent.body.message]).toEqual([404, OPS_MESSAGES.unknownEvent]);
  const done = await park(agent, 'practices', { position: poison.position, reason: 'why not' });
  expect([done.status, done.body.message]).toEqual([409, OPS_MESSAGES.alreadyApplied]);
  for (const body of [{ position: poison.position }, { position: 0, reason: 'ok ok' }, {}]) {
    const refused = await park(agent, 'fussy', body);
    expect([refused.status, refused.body.message]).toEqual([400, STATUS_MESSAGES[400]]);
  }

  // Its backoff has grown long: after 8 attempts the next retry is at least 12.8 s away, so only
  // the park's nudge can move it within the few seconds allowed below.
  await until(
    () => statusOf('fussy'),
    (status) => (status.failing_event?.attempts ?? 0) >= 8,
    30_000,
  );

  // Parked: the projection passes over it at once (not after its backoff) and applies the rest.
  const parkedAt = Date.now();
  const parked = await park(agent, 'fussy', {
    position: poison.position,
    reason: 'Registered with a test name; nothing to show',
  });
  expect(parked.status).toBe(201);
  expect(parked.body.message).toBe(OPS_MESSAGES.parked);
  const moved = await until(
    () => statusOf('fussy'),
    (status) => status.position >= good.position && status.failing_event === null,
    6_000,
  );
  expect(Date.now() - parkedAt).toBeLessThan(6_000);
  expect(moved.state).toBe('running');
  expect(moved.last_error).toBeNull();
  expect(moved.parked_events).toEqual([
    expect.objectContaining({
      position: poison.position,
      type: 'PracticeRegistered',
      reason: 'Registered with a test name; nothing to show',
      parked_by: agent.userId,
    }),
  ]);
  expect(applied).toContain(good.position);
  expect(applied).not.toContain(poison.position);

  const again = await park(agent, 'fussy', { position: poison.position, reason: 'twice' });
  expect(again.status).toBe(409);

  // The park is in the log for good, with who did it.
  const { rows } = await sql<{ event_type: string; metadata: { actorId: string } }>`
    SELECT event_type, metadata FROM es_events WHERE stream_id = 'projection-parks-fussy'`.execute(
    app.database.db,
  );
  expect(rows.map((row) => [row.event_type, row.metadata.actorId])).toEqual([
    ['ProjectionEventParked', agent.userId],
  ]);

  // A rebuild skips the parked event again (it would fail on it otherwise).
  const rebuilder = new ProjectionRebuilder(app.app.get(EVENT_STORE), app.database.db, systemClock);
  const rebuilt = await rebuilder.rebuild(fussy);
  expect(rebuilt.position.position).toBeGreaterThanOrEqual(good.position);
}, 90_000);
