import { sql } from 'kysely';
import pino from 'pino';
import { type AppConfig, loadConfig } from '../../../apps/api/src/infra/config/app-config';
import { type LeaderRole, Leadership } from '../../../apps/api/src/infra/leadership/leadership';
import { eventually } from '../../support/events';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let database: TestDatabase;
const elected: Leadership[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ max: 2 });
});

afterAll(async () => {
  await Promise.all(elected.map((leadership) => leadership.onApplicationShutdown()));
  await database.drop();
});

function config(instanceId: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test' }),
    instanceId,
    leadershipPollMs: 100,
    ...overrides,
  };
}

/** A role that records what it was told, and whether it is working now. */
function recordingRole(name: string) {
  const calls: string[] = [];
  let working = false;
  const role: LeaderRole = {
    name,
    lead: () => {
      calls.push('lead');
      working = true;
      return Promise.resolve();
    },
    resign: (reason) => {
      calls.push(`resign:${reason}`);
      working = false;
      return Promise.resolve();
    },
  };
  return { role, calls, working: () => working };
}

function candidate(instanceId: string, overrides: Partial<AppConfig> = {}): Leadership {
  const leadership = new Leadership(
    database,
    config(instanceId, overrides),
    pino({ level: 'silent' }),
  );
  elected.push(leadership);
  return leadership;
}

it('lets one process lead a role; the other takes over when the leader connection is cut, and the cut leader stops at once', async () => {
  const a = recordingRole('job');
  const b = recordingRole('job');
  const first = candidate('first');
  const second = candidate('second');
  await first.campaign(a.role);
  await second.campaign(b.role);
  expect(a.working()).toBe(true);
  expect(b.working()).toBe(false);
  expect(await second.leaderOf('job')).toEqual({ instance: 'first', thisProcess: false });

  // Never two at work, sampled while the lock moves.
  let both = false;
  const sampler = setInterval(() => (both ||= a.working() && b.working()), 5);
  const cutAt = Date.now();
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND application_name = 'medbook-leader first'`.execute(
    database.db,
  );
  await eventually(
    () => a.working(),
    (working) => !working,
    1_000,
  );
  expect(a.calls).toEqual(['lead', 'resign:lost']);
  await eventually(
    () => a.working() || b.working(),
    (someone) => someone,
    5_000,
  );
  expect(Date.now() - cutAt).toBeLessThan(5_000);
  clearInterval(sampler);
  expect(both).toBe(false);
  const leader = a.working() ? 'first' : 'second';
  expect((await first.leaderOf('job')).instance).toBe(leader);
  expect((await second.leaderOf('job')).instance).toBe(leader);
});

it('keeps a process with RUN_PROJECTIONS=false out of every election', async () => {
  const passive = recordingRole('passive-job');
  const leadership = candidate('passive', { runProjections: false });
  await leadership.campaign(passive.role);
  expect(passive.calls).toEqual([]);
  expect(await leadership.leaderOf('passive-job')).toEqual({ instance: null, thisProcess: false });
});

it('gives the role up on shutdown after stopping its work, so another process leads at once', async () => {
  const a = recordingRole('handover');
  const b = recordingRole('handover');
  const first = candidate('handover-first');
  const second = candidate('handover-second');
  await first.campaign(a.role);
  await second.campaign(b.role);
  expect(a.working()).toBe(true);
  await first.onApplicationShutdown();
  expect(a.calls).toEqual(['lead', 'resign:shutdown']);
  await eventually(
    () => b.working(),
    (working) => working,
    2_000,
  );
});

it('frees the role on shutdown even when its work does not stop, after the step gives up', async () => {
  const stuck: LeaderRole = {
    name: 'stuck-job',
    lead: () => Promise.resolve(),
    // A resign waiting on a database that stopped answering, say.
    resign: () => new Promise<void>(() => undefined),
  };
  const next = recordingRole('stuck-job');
  const first = candidate('stuck-first');
  const second = candidate('stuck-second');
  await first.campaign(stuck);
  await second.campaign(next.role);
  expect(await second.leaderOf('stuck-job')).toEqual({
    instance: 'stuck-first',
    thisProcess: false,
  });
  // Resolves once the resign step is given up and the lock connection has ended.
  await first.onApplicationShutdown();
  await eventually(
    () => next.working(),
    (working) => working,
    5_000,
  );
}, 30_000);
