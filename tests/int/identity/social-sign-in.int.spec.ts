import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { LoginResult } from '@medbook/contracts';
import { createUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Social sign-in end to end against a real OpenID Connect provider (`oidc-provider`) started
 * here: code flow with PKCE, state and nonce, then the spec's routes (social-signup for an
 * unknown email, sign-in for a known social id).
 */
let app: TestApp;
let provider: ChildProcess;
let issuer: string;

beforeAll(async () => {
  // The provider first, on a port of the system's choosing; the app then runs with it as issuer,
  // and the provider learns the app's callback.
  provider = spawn(process.execPath, [path.join(__dirname, '../../support/oidc-provider.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const providerPort = await new Promise<number>((resolve, reject) => {
    provider.stdout!.on('data', (chunk: Buffer) => {
      const listening = /listening (\d+)/.exec(chunk.toString());
      if (listening) resolve(Number(listening[1]));
    });
    provider.once('exit', (code) => reject(new Error(`oidc provider exited with ${code}`)));
  });
  issuer = `http://127.0.0.1:${providerPort}`;
  app = await startTestApp({
    config: {
      socialProviders: [
        {
          name: 'GOOGLE',
          issuer,
          clientId: 'medbook-test',
          clientSecret: 'medbook-test-secret',
        },
      ],
    },
  });
  const configured = await fetch(`${issuer}/test/redirect-uri`, {
    method: 'POST',
    body: `${app.url}/api/v1/auth/social/google/callback`,
  });
  expect(configured.status).toBe(204);
});

afterAll(async () => {
  provider?.kill('SIGTERM');
  await app.close();
});

async function chooseAccount(claims: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${issuer}/test/next-account`, {
    method: 'POST',
    body: JSON.stringify(claims),
  });
  expect(response.status).toBe(204);
}

/**
 * A browser's walk through the redirects, with its cookies: from our start route to the
 * provider and back, until the web route we send it to.
 */
async function signInWithGoogle(start = '/api/v1/auth/social/google/start'): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(`${app.url}${start}`);
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url.toString()}: ${response.status}`);
    url = new URL(location, url);
    if (url.origin === app.url && !url.pathname.startsWith('/api/')) return url;
  }
  throw new Error('too many redirects');
}

it('lists the configured providers', async () => {
  expect((await app.api.get('/api/v1/auth/social/providers')).body.data).toEqual(['GOOGLE']);
});

it('sends an unknown email to social-signup, then signs the new patient in by their social id', async () => {
  const sub = `google-${Date.now()}`;
  await chooseAccount({
    sub,
    email: `${sub}@gmail.example`,
    email_verified: true,
    given_name: 'Gina',
    family_name: 'Google',
  });
  const landing = await signInWithGoogle();
  expect(landing.pathname).toBe('/social-signup');
  expect(Object.fromEntries(landing.searchParams)).toEqual(
    expect.objectContaining({
      email: `${sub}@gmail.example`,
      id: sub,
      firstName: 'Gina',
      lastName: 'Google',
      socialLoginProvider: 'GOOGLE',
    }),
  );
  // Consent to the terms is asked here as on the sign-up form; a refusal spends no ticket.
  const withoutConsent = await app.api.post('/api/v1/auth/social/signup', {
    social_ticket: landing.searchParams.get('ticket'),
    first_name: 'Gina',
    last_name: 'Google',
  });
  expect(withoutConsent.status).toBe(400);
  expect(JSON.stringify(withoutConsent.body)).toContain(
    'Please accept the Terms of Use and Privacy Policy to create an account.',
  );
  const signUp = await app.api.post('/api/v1/auth/social/signup', {
    social_ticket: landing.searchParams.get('ticket'),
    first_name: 'Gina',
    last_name: 'Google',
    terms_accepted: true,
  });
  expect(signUp.status).toBe(201);
  const created = signUp.body.data as LoginResult;
  expect(created.user).toEqual(
    expect.objectContaining({
      type: 'Patient',
      email: `${sub}@gmail.example`,
      social_login_provider: 'GOOGLE',
    }),
  );
  expect(created.user.credentials.has_password).toBe(false);
  // The ticket is spent.
  const again = await app.api.post('/api/v1/auth/social/signup', {
    social_ticket: landing.searchParams.get('ticket'),
    first_name: 'Gina',
    last_name: 'Google',
    terms_accepted: true,
  });
  expect(again.status).toBe(400);

  // Next time the same social id signs straight in.
  await chooseAccount({ sub, email: `${sub}@gmail.example`, email_verified: true });
  const back = await signInWithGoogle();
  expect(back.pathname).toBe('/social-login');
  const exchanged = await app.api.post('/api/v1/auth/social/exchange', {
    ticket: back.searchParams.get('ticket'),
  });
  expect(exchanged.status).toBe(200);
  expect((exchanged.body.data as LoginResult).user.id).toBe(created.user.id);
  expect(
    (
      await app.api.post('/api/v1/auth/social/exchange', {
        ticket: back.searchParams.get('ticket'),
      })
    ).status,
  ).toBe(401);
});

it('links a verified email of an existing account to the social id', async () => {
  const patient = await createUser(app, 'Patient');
  await chooseAccount({ sub: `linked-${Date.now()}`, email: patient.email, email_verified: true });
  const landing = await signInWithGoogle(
    '/api/v1/auth/social/google/start?redirect=/dashboard/patient',
  );
  expect(landing.pathname).toBe('/social-login');
  expect(landing.searchParams.get('redirect')).toBe('/dashboard/patient');
  const exchanged = await app.api.post('/api/v1/auth/social/exchange', {
    ticket: landing.searchParams.get('ticket'),
  });
  expect((exchanged.body.data as LoginResult).user.id).toBe(patient.userId);
});

it('namespaces social ids per provider and refuses a callback it did not start', async () => {
  const forged = await fetch(
    `${app.url}/api/v1/auth/social/google/callback?code=abc&state=never-issued`,
    { redirect: 'manual' },
  );
  expect(forged.status).toBe(302);
  expect(forged.headers.get('location')).toMatch(/^\/login\?error=/);
  const unknownProvider = await app.api.get('/api/v1/auth/social/apple/start');
  expect(unknownProvider.status).toBe(404);
  const offSite = await fetch(
    `${app.url}/api/v1/auth/social/google/start?redirect=//evil.example`,
    {
      redirect: 'manual',
    },
  );
  expect(offSite.status).toBe(400);
});
