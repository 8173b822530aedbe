import { READ_MODEL_BEHIND_MESSAGE } from '@medbook/contracts';
import { createUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

async function register(app: TestApp, name: string) {
  const superUser = await createUser(app, 'SuperUser');
  const response = await fetch(`${app.url}/api/v1/practices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...superUser.auth },
    body: JSON.stringify({ name, time_zone: 'Europe/Berlin' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { id: string; position: number } }).data;
}

describe('with projections running', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads its own write at once when it passes the position the command answered', async () => {
    const { id, position } = await register(app, 'Praxis Mitte');
    const response = await fetch(`${app.url}/api/v1/practices/${id}?min_position=${position}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Record<string, unknown> };
    expect(body.data).toEqual(
      expect.objectContaining({
        practice_id: id,
        name: 'Praxis Mitte',
        time_zone: 'Europe/Berlin',
      }),
    );
    expect(body.data.position).toBe(position);
  });
});

describe('with projections stopped', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { runProjections: false, readWaitMs: 300 } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('waits a bounded time, then answers 503 with a clear message', async () => {
    const { id, position } = await register(app, 'Praxis Nord');
    const startedAt = Date.now();
    const response = await fetch(`${app.url}/api/v1/practices/${id}?min_position=${position}`);
    const waited = Date.now() - startedAt;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status_code: 503,
      message: READ_MODEL_BEHIND_MESSAGE,
      data: { min_position: position },
    });
    expect(waited).toBeGreaterThanOrEqual(250);
    const withoutWait = await fetch(`${app.url}/api/v1/practices/${id}`);
    expect(withoutWait.status).toBe(404);
  });
});
