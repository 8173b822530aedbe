import {
  type CommandAccepted,
  type Envelope,
  type HealthReport,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import { sql } from 'kysely';
import { eventually } from '../../support/events';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let superUser: TestUser;

beforeAll(async () => {
  app = await startTestApp({ config: { bodyLimitBytes: 10_000 } });
  superUser = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  await app.close();
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...superUser.auth, ...headers },
    body,
  });

/**
 * The last position in the log, read from the table: the health report reads below the oldest
 * running transaction of the whole server, which may be another test file's.
 */
async function headPosition(): Promise<number> {
  const head = await sql<{ head: string | null }>`SELECT max(global_position) AS head
    FROM es_events`.execute(app.database.db);
  return Number(head.rows[0]!.head ?? 0);
}

it('answers up or degraded to anyone at /api/v1/health, and nothing more', async () => {
  const response = await fetch(`${app.url}/api/v1/health`);
  const body = (await response.json()) as Envelope<Record<string, unknown>>;
  expect(response.status).toBe(200);
  expect(Object.keys(body.data).sort()).toEqual(['checked_at', 'status']);
  expect(['up', 'degraded']).toContain(body.data.status);
  // The details are the operators': a patient is refused them.
  const patient = await createUser(app, 'Patient');
  const refused = await fetch(`${app.url}/api/v1/ops/health`, { headers: patient.auth });
  expect(refused.status).toBe(403);
  expect((await fetch(`${app.url}/api/v1/ops/projections`)).status).toBe(401);
});

it('reports database and projection state to operators at /api/v1/ops/health in the envelope', async () => {
  // The super user's sign-in was just appended: the projections catch up with it.
  const { status, body } = await eventually(
    async () => {
      const response = await fetch(`${app.url}/api/v1/ops/health`, { headers: superUser.auth });
      return { status: response.status, body: (await response.json()) as Envelope<HealthReport> };
    },
    ({ body }) => body.data.projections.every((p) => p.lag_events === 0),
  );
  expect(status).toBe(200);
  expect(body.status_code).toBe(200);
  expect(body.data.status).toBe('ok');
  expect(body.data.database).toBe('up');
  expect(body.data.projections.map((p) => p.name).sort()).toEqual([
    'analytics',
    'digital-check-in',
    'directory',
    'notifications',
    'practice-audit',
    'practices',
    'reviews',
    'scheduling',
    'search',
    'telehealth',
    'users',
    'vaccinations',
    'waitlist',
    'walk-in-queue',
  ]);
  for (const projection of body.data.projections) {
    expect(projection).toEqual(expect.objectContaining({ state: 'running', lag_events: 0 }));
    expect(projection.lag_ms).toBeGreaterThanOrEqual(0);
  }
});

it('serves the OpenAPI document generated from the DTOs, and a browsable reference', async () => {
  const document = (await (await fetch(`${app.url}/api/v1/openapi.json`)).json()) as {
    openapi: string;
    paths: Record<string, unknown>;
    components: {
      schemas: Record<string, { properties: Record<string, unknown>; required: string[] }>;
    };
  };
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/v1/health', '/api/v1/practices', '/api/v1/ops/projections']),
  );
  const dto = document.components.schemas.RegisterPracticeDto!;
  expect(dto.properties.name).toEqual(expect.objectContaining({ minLength: 2, maxLength: 100 }));
  expect(dto.required).toEqual(expect.arrayContaining(['name', 'time_zone']));
  // Query DTOs are described as the operation's parameters, with their rules.
  const audit = (
    document.paths['/api/v1/practices/{practice_id}/audit'] as {
      get: { parameters: { name: string; in: string; required: boolean; schema: object }[] };
    }
  ).get;
  expect(audit.parameters).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ name: 'practice_id', in: 'path' }),
      expect.objectContaining({ name: 'patient_id', in: 'query', required: false }),
      expect.objectContaining({ name: 'from', in: 'query' }),
    ]),
  );
  const kind = audit.parameters.find((p) => p.name === 'kind');
  expect(kind?.in).toBe('query');
  expect((kind?.schema as { enum?: string[] }).enum).toEqual(
    expect.arrayContaining(['appointment', 'calendar']),
  );
  const docs = await fetch(`${app.url}/api/v1/docs`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain('swagger');
});

it('answers unknown API routes with 404 and the spec text', async () => {
  const response = await fetch(`${app.url}/api/v1/no-such-thing`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({
    status_code: 404,
    message: STATUS_MESSAGES[404],
    data: null,
  });
});

it('answers malformed JSON, unknown fields, invalid values and oversize bodies with 400, writing nothing', async () => {
  const before = await headPosition();
  const cases = [
    await post('/api/v1/practices', '{"name": "Broken'),
    await post(
      '/api/v1/practices',
      JSON.stringify({ name: 'Good name', time_zone: 'UTC', admin: true }),
    ),
    await post('/api/v1/practices', JSON.stringify({ name: 'X', time_zone: 'Mars/Olympus' })),
    await post('/api/v1/practices', JSON.stringify({ name: 'y'.repeat(20_000), time_zone: 'UTC' })),
    await post('/api/v1/practices', 'name=x', { 'content-type': 'text/plain' }),
  ];
  for (const response of cases) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { status_code: number; message: string };
    expect(body.status_code).toBe(400);
    expect(body.message).toBe(STATUS_MESSAGES[400]);
    expect(JSON.stringify(body)).not.toMatch(/at \w+ \(|node_modules/);
  }
  expect(await headPosition()).toBe(before);
});

it('echoes a request id, or makes one, on every response', async () => {
  const given = await fetch(`${app.url}/api/v1/health`, { headers: { 'x-request-id': 'req-123' } });
  expect(given.headers.get('x-request-id')).toBe('req-123');
  const made = await fetch(`${app.url}/api/v1/health`);
  expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

it('answers a retried command with the first result and writes nothing more', async () => {
  const body = JSON.stringify({
    name: 'Retry Clinic',
    time_zone: 'America/Chicago',
    command_id: '0b0c3a52-4a55-4c35-a0b5-8d5b0a2c3b11',
  });
  const first = (await (await post('/api/v1/practices', body)).json()) as Envelope<CommandAccepted>;
  const second = (await (
    await post('/api/v1/practices', body)
  ).json()) as Envelope<CommandAccepted>;
  expect(second.data).toEqual(first.data);
  expect(await headPosition()).toBe(first.data.position);
});
