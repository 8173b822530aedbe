import path from 'node:path';
import { AUTH_MESSAGES, type OutboxMessageView, VALIDATION_MESSAGES } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { createUser, get, sha256 } from '../../support/accounts';
import { browserSuite } from '../../support/browser';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let page: Page;
const shot = (name: string) =>
  page.screenshot({ path: path.join(__dirname, 'screenshots', `${name}.png`) });

beforeAll(async () => {
  app = await startTestApp({ config: { accountLookupMinMs: 0 } });
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 800 });
});

it('signs up, lands on the patient dashboard, signs out and back in; the password leaves only as SHA-256', async () => {
  const sent: string[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (body && /\/auth\/(login|signup)$/.test(request.url())) sent.push(body);
  });
  const email = `browser-${Date.now()}@example.com`;
  const password = 'Sunny-Day-42!';
  await page.goto(`${app.url}/signup`);
  await page.getByTestId('signup-submit').click();
  await page.getByText(VALIDATION_MESSAGES.required).first().waitFor();
  await page.getByTestId('signup-first_name').fill('Rosa');
  await page.getByTestId('signup-last_name').fill('Parks');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-confirm_email').fill(email);
  await page.getByTestId('signup-password').fill('short');
  await page.getByTestId('signup-submit').click();
  await page.getByText(VALIDATION_MESSAGES.passwordPattern).waitFor();
  await page.getByTestId('signup-password').fill(password);
  await shot('signup');
  await page.getByTestId('signup-submit').click();
  await page.waitForURL('**/dashboard/patient');
  expect(await page.getByTestId('dashboard-greeting').innerText()).toBe('Welcome, Rosa');
  expect(await page.getByTestId('profile-menu').innerText()).toBe('RP');

  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('Wrong-Password-1');
  await page.getByTestId('login-submit').click();
  expect(await page.getByTestId('login-error').innerText()).toBe(AUTH_MESSAGES.invalidLogin);
  await shot('login-failed');
  // The button is throttled for 5 seconds after a click.
  await page.waitForTimeout(5100);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard/patient');

  expect(sent.length).toBe(3);
  for (const body of sent) {
    const { password: wire } = JSON.parse(body) as { password: string };
    expect(wire).toMatch(/^[a-f0-9]{64}$/);
    expect(body).not.toContain(password);
  }
  expect((JSON.parse(sent[2]!) as { password: string }).password).toBe(sha256(password));
}, 60_000);

it('shows the messages after submit and sends a signed-in user away from the login page', async () => {
  await page.goto(`${app.url}/login`);
  await page.getByTestId('login-email').fill('not-an-email');
  await page.getByTestId('login-submit').click();
  await page.getByText(VALIDATION_MESSAGES.invalid).waitFor();
  await page.getByText(VALIDATION_MESSAGES.required).waitFor();

  const staff = await createUser(app, 'Staff', '0d0d0d0d-0000-4000-8000-00000000000d');
  // A session the browser already holds (as after an earlier sign-in) sends it home.
  const stored = JSON.stringify({
    accessToken: staff.login.access_token,
    refreshToken: staff.login.refresh_token,
    sessionId: staff.login.session_id,
    user: staff.login.user,
  });
  await page.evaluate(`localStorage.setItem('medbook.session', ${JSON.stringify(stored)})`);
  await page.goto(`${app.url}/login`);
  await page.waitForURL('**/dashboard/practice-staff');
  expect(await page.getByTestId('dashboard-greeting').innerText()).toBe(
    `Welcome, ${staff.login.user.name.first_name}`,
  );
});

it('resets a forgotten password with the emailed code, then signs in with the new one', async () => {
  const email = `reset-${Date.now()}@example.com`;
  await page.goto(`${app.url}/signup`);
  await page.getByTestId('signup-first_name').fill('Ida');
  await page.getByTestId('signup-last_name').fill('Wells');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-confirm_email').fill(email);
  await page.getByTestId('signup-password').fill('First-Pass-1');
  await page.getByTestId('signup-submit').click();
  await page.waitForURL('**/dashboard/patient');
  await page.evaluate('localStorage.clear()');

  await page.goto(`${app.url}/forgot-password`);
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await page.waitForURL('**/verify-code');
  const outbox = (await get(app, '/api/v1/dev/outbox')).body.data as OutboxMessageView[];
  const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.recipient === email)!.body)![1]!;
  await page.getByTestId('verify-code').fill(code);
  await page.getByTestId('verify-submit').click();
  await page.waitForURL('**/reset-password');
  await page.getByTestId('reset-password').fill('First-Pass-1');
  await page.getByTestId('reset-confirm').fill('First-Pass-1');
  await page.getByTestId('reset-submit').click();
  expect(await page.getByTestId('reset-error').innerText()).toBe(
    VALIDATION_MESSAGES.passwordsMustDiffer,
  );
  await page.getByTestId('reset-password').fill('Second-Pass-2');
  await page.getByTestId('reset-confirm').fill('Second-Pass-2');
  await page.getByTestId('reset-submit').click();
  expect(await page.getByTestId('reset-done').innerText()).toBe(AUTH_MESSAGES.passwordUpdated);
  await page.waitForURL('**/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('Second-Pass-2');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard/patient');
  await shot('dashboard-after-reset');
}, 60_000);
