import { AUTH_MESSAGES, STATUS_MESSAGES } from '@medbook/contracts';
import { sha256 } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const body = (consent: Record<string, unknown>) => ({
  first_name: 'Terms',
  last_name: 'Reader',
  email: `terms-${Math.random().toString(36).slice(2)}@example.com`,
  password: sha256('Correct-Horse-9'),
  ...consent,
});

describe('sign-up asks for consent to the terms', () => {
  it.each([
    ['without it', {}],
    ['with false', { terms_accepted: false }],
    ['with a string', { terms_accepted: 'true' }],
  ])('refuses a sign-up %s with 400 and says why', async (_, consent) => {
    const sent = body(consent);
    const response = await app.api.post('/api/v1/auth/signup', sent);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(STATUS_MESSAGES[400]);
    expect(JSON.stringify(response.body.data)).toContain(AUTH_MESSAGES.termsRequired);
    // No account was made: the same email signs up once consent is given.
    const again = await app.api.post('/api/v1/auth/signup', { ...sent, terms_accepted: true });
    expect(again.status).toBe(201);
  });
});
