import {
  type DemoRequestView,
  type LandingConfigView,
  MARKETING_MESSAGES,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import { createUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

/** The landing page's switch and its Request a Demo form (spec 2.6). */
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const valid = {
  first_name: 'Nora',
  last_name: "O'Brien",
  email: 'nora@clinic.example.com',
  phone: '(212) 555-0100',
  practice_name: 'Hudson Family Care, PLLC',
  message: 'We would like to see online scheduling.\nTuesdays work best.',
};

it('tells the web app the landing page is on unless configured off', async () => {
  const on = await app.api.get('/api/v1/marketing/landing');
  expect(on.status).toBe(200);
  expect(on.body.data as LandingConfigView).toEqual({ enabled: true });
  const off = await startTestApp({ config: { landingEnabled: false } });
  try {
    const answer = await off.api.get('/api/v1/marketing/landing');
    expect(answer.body.data as LandingConfigView).toEqual({ enabled: false });
  } finally {
    await off.close();
  }
});

it('stores a demo request from a visitor and shows it to operators only', async () => {
  const sent = await app.api.post('/api/v1/marketing/demo-requests', valid);
  expect(sent.status).toBe(201);
  expect(sent.body.message).toBe(MARKETING_MESSAGES.demoRequested);
  const { id } = sent.body.data as { id: string };

  const agent = await createUser(app, 'SupportAgent');
  const list = await app.api.as(agent).get('/api/v1/marketing/demo-requests');
  expect(list.status).toBe(200);
  expect((list.body.data as DemoRequestView[]).find((r) => r.id === id)).toMatchObject({
    ...valid,
    requested_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
  });
  for (const type of ['PracticeAdmin', 'Patient'] as const) {
    const user = await createUser(app, type, type === 'Patient' ? null : crypto.randomUUID());
    expect((await app.api.as(user).get('/api/v1/marketing/demo-requests')).status).toBe(403);
  }
  expect((await app.api.get('/api/v1/marketing/demo-requests')).status).toBe(401);
});

it.each([
  ['no first name', { first_name: '' }, VALIDATION_MESSAGES.required],
  ['a name with digits', { last_name: 'R2D2' }, VALIDATION_MESSAGES.invalid],
  ['a malformed email', { email: 'nora@clinic' }, VALIDATION_MESSAGES.invalid],
  [
    'a 329-character email',
    { email: `${'a'.repeat(310)}@example-clinic.com` },
    VALIDATION_MESSAGES.length,
  ],
  ['a phone with letters', { phone: '555-CALL-NOW' }, VALIDATION_MESSAGES.invalid],
  ['a blank practice name', { practice_name: '   ' }, VALIDATION_MESSAGES.required],
  ['a 51-character practice name', { practice_name: 'P'.repeat(51) }, VALIDATION_MESSAGES.length],
  ['a huge message', { message: 'x'.repeat(100_000) }, VALIDATION_MESSAGES.length],
  ['a NUL character', { practice_name: 'Clinic\u0000' }, 'control characters'],
  ['a number for a name', { first_name: 42 }, VALIDATION_MESSAGES.invalid],
])('refuses %s with 400 and stores nothing', async (_case, change, message) => {
  const agent = await createUser(app, 'SupportAgent');
  const before = (await app.api.as(agent).get('/api/v1/marketing/demo-requests')).body
    .data as DemoRequestView[];
  const response = await app.api.post('/api/v1/marketing/demo-requests', { ...valid, ...change });
  expect(response.status).toBe(400);
  expect(JSON.stringify(response.body)).toContain(message);
  const after = (await app.api.as(agent).get('/api/v1/marketing/demo-requests')).body
    .data as DemoRequestView[];
  expect(after).toHaveLength(before.length);
});

it('refuses a sixth request from one address within the hour with 429', async () => {
  const answers: number[] = [];
  for (let i = 0; i < 6; i++) {
    answers.push((await app.api.post('/api/v1/marketing/demo-requests', valid)).status);
  }
  // One was sent by the test above from the same address.
  expect(answers).toEqual([201, 201, 201, 201, 429, 429]);
});
