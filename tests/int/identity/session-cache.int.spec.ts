import { sql } from 'kysely';
import { OPEN_SESSION_TTL_MS } from '../../../apps/api/src/modules/identity/auth/sessions.repository';
import { createUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

// Open sessions are remembered for a second: signing out here ends the session at once, and a
// revocation written by another process (here: straight to the table) within that second.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

describe('the open-session cache', () => {
  it('ends a remembered session at once on logout', async () => {
    const user = await createUser(app, 'Patient');
    expect((await app.api.as(user).get('/api/v1/users/me')).status).toBe(200);
    expect((await app.api.as(user).post('/api/v1/auth/logout')).status).toBe(200);
    expect((await app.api.as(user).get('/api/v1/users/me')).status).toBe(401);
  });

  it('ends a session revoked elsewhere within the cache time', async () => {
    const user = await createUser(app, 'Patient');
    const [first, second] = await Promise.all([
      app.api.as(user).get('/api/v1/users/me'),
      app.api.as(user).get('/api/v1/users/me'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await sql`UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'elsewhere'
               WHERE session_id = ${user.login.session_id}`.execute(app.database.db);
    await new Promise((resolve) => setTimeout(resolve, OPEN_SESSION_TTL_MS + 50));
    expect((await app.api.as(user).get('/api/v1/users/me')).status).toBe(401);
  });
});
