import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { PROJECT_ROOT } from '../../../apps/api/src/infra/config/project-root';
import { migrateToLatest } from '../../../apps/api/src/infra/database/migrator';
import { eventually } from '../../support/events';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

const run = promisify(execFile);
const REBUILD_CLI = path.join(PROJECT_ROOT, 'apps/api/dist/cli/rebuild-projections.js');

let app: TestApp;
let superUser: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  superUser = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  await app.close();
});

async function register(name: string, timeZone: string) {
  const response = await fetch(`${app.url}/api/v1/practices`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': `test ${name}`,
      ...superUser.auth,
    },
    body: JSON.stringify({ name, time_zone: timeZone }),
  });
  return ((await response.json()) as { data: { id: string; position: number } }).data;
}

const snapshot = async () => ({
  practices: (await sql`SELECT * FROM rm_practices ORDER BY practice_id`.execute(app.database.db))
    .rows,
  audit: (await sql`SELECT * FROM rm_practice_audit ORDER BY position`.execute(app.database.db))
    .rows,
});

async function projectedUpTo(position: number) {
  await eventually(
    async () =>
      (
        await sql<{
          position: string;
        }>`SELECT min(position) AS position FROM projection_checkpoints`.execute(app.database.db)
      ).rows[0]?.position,
    (reached) => Number(reached) >= position,
  );
}

it('replays the log into fresh tables that equal the live ones, then keeps projecting', async () => {
  const zones = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/Paris'];
  let last = 0;
  for (let n = 0; n < 20; n += 1) last = (await register(`Clinic ${n}`, zones[n % 4]!)).position;
  await projectedUpTo(last);
  const live = await snapshot();
  expect(live.practices).toHaveLength(20);
  expect(live.audit).toHaveLength(20); // a line in each practice's trail for its registration

  const { stdout } = await run(process.execPath, [REBUILD_CLI], {
    env: { ...process.env, DATABASE_URL: app.database.url, LOG_LEVEL: 'silent' },
  });
  expect(stdout).toMatch(/Rebuilt practices: 23 events to position \d+/);
  expect(stdout).toMatch(/Rebuilt practice-audit: 23 events/);
  expect(await snapshot()).toEqual(live);

  // The running server goes on projecting into the swapped-in tables.
  const { id, position } = await register('After Rebuild', 'UTC');
  const read = await fetch(`${app.url}/api/v1/practices/${id}?min_position=${position}`);
  expect(read.status).toBe(200);
});

it('rebuilds only the projection named, and refuses an unknown one', async () => {
  const { stdout } = await run(process.execPath, [REBUILD_CLI, 'practices'], {
    env: { ...process.env, DATABASE_URL: app.database.url },
  });
  expect(stdout).toContain('Rebuilt practices');
  expect(stdout).not.toContain('practice-audit');
  await expect(
    run(process.execPath, [REBUILD_CLI, 'nope'], {
      env: { ...process.env, DATABASE_URL: app.database.url },
    }),
  ).rejects.toThrow(/Unknown projection nope/);
});

it('runs migrations idempotently', async () => {
  expect(await migrateToLatest(app.database.db, path.join(PROJECT_ROOT, 'migrations'))).toEqual([]);
});
