import path from 'node:path';
import { AUTH_MESSAGES, type OutboxMessageView, VALIDATION_MESSAGES } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { createUser, get, sha256 } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot } from '../../support/browser';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let page: Page;
const shot = (name: string) =>
  page.screenshot({ path: path.join(__dirname, 'screenshots', `${name}.png`) });
/** Nothing wider than a phone's 375 px: the page does not scroll sideways. */
async function fitsAPhone(): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    375,
  );
  await page.setViewportSize({ width: 1280, height: 800 });
}
/** The data-testid of the element that has focus. */
const focused = () =>
  page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null");

beforeAll(async () => {
  app = await startTestApp({ config: { accountLookupMinMs: 0 } });
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 800 });
});

it('signs up at account/signup (the old address redirects), consenting to the terms, with the password rules ticked as met; the password leaves only as SHA-256', async () => {
  const sent: string[] = [];
  page.on('request', (request) => {
    const body = request.postData();
    if (body && /\/auth\/(login|signup)$/.test(request.url())) sent.push(body);
  });
  const email = `browser-${Date.now()}@example.com`;
  const password = 'Sunny-Day-42!';
  await page.goto(`${app.url}/signup`);
  await page.waitForURL(`${app.url}/account/signup`);
  expect(await page.getByTestId('signup-login-link').getAttribute('href')).toBe('/account');

  // A refused submit: announced in a live region, focus on the first invalid field.
  await page.getByTestId('signup-submit').click();
  await page.getByText(VALIDATION_MESSAGES.required, { exact: true }).first().waitFor();
  expect(await focused()).toBe('signup-first_name');
  const summary = page.getByTestId('form-errors');
  expect(await summary.getAttribute('role')).toBe('alert');
  expect(await summary.innerText()).toMatch(/^\d+ fields need attention\. First Name: Required\./);
  expect(await summary.innerText()).toContain(`Terms of Use: ${AUTH_MESSAGES.termsRequired}`);
  await expectAccessible(page);

  await page.getByTestId('signup-first_name').fill('Rosa');
  await page.getByTestId('signup-last_name').fill('Parks');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-confirm_email').fill(email);
  const met = () => page.locator('[data-testid="password-rule"][data-met="true"]').count();
  await page.getByTestId('signup-password').fill('short');
  expect(await met()).toBe(1);
  await page.getByTestId('signup-submit').click();
  await page.getByText(VALIDATION_MESSAGES.passwordPattern, { exact: true }).waitFor();
  expect(await focused()).toBe('signup-password');
  await page.getByTestId('signup-password').fill(password);
  expect(await met()).toBe(5);
  await page.getByTestId('signup-confirm_password').fill(password);
  // Everything but the consent: still refused, focus on the box.
  await page.getByTestId('signup-submit').click();
  await page.getByText(AUTH_MESSAGES.termsRequired, { exact: true }).waitFor();
  expect(await focused()).toBe('signup-terms');
  expect(sent).toEqual([]);
  await shoot(page, 'signup-terms-required');
  await fitsAPhone();
  await expectAccessible(page);

  await page.getByTestId('signup-terms').check();
  await shot('signup');
  await page.getByTestId('signup-submit').click();
  await page.waitForURL('**/dashboard/patient');
  expect(await page.getByTestId('dashboard-greeting').innerText()).toBe('Welcome, Rosa');
  expect(await page.getByTestId('profile-menu').innerText()).toBe('RP');
  expect(JSON.parse(sent[0]!)).toMatchObject({ terms_accepted: true });

  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL(`${app.url}/account`);
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
  await page.getByTestId('toast').filter({ hasText: AUTH_MESSAGES.loggedIn }).waitFor();

  expect(sent.length).toBe(3);
  for (const body of sent) {
    const { password: wire } = JSON.parse(body) as { password: string };
    expect(wire).toMatch(/^[a-f0-9]{64}$/);
    expect(body).not.toContain(password);
  }
  expect((JSON.parse(sent[2]!) as { password: string }).password).toBe(sha256(password));
}, 90_000);

it('announces the login errors after submit, keeps the query of the old address, and sends a signed-in user away', async () => {
  await page.goto(`${app.url}/login?error=${encodeURIComponent('Kept through the redirect')}`);
  await page.waitForURL(/\/account\?error=Kept(%20|\+)through/);
  expect(await page.getByTestId('login-error').innerText()).toBe('Kept through the redirect');
  expect(await page.getByTestId('login-signup-link').getAttribute('href')).toBe('/account/signup');
  await page.getByTestId('login-email').fill('not-an-email');
  await page.getByTestId('login-submit').click();
  await page.getByText(VALIDATION_MESSAGES.invalid, { exact: true }).waitFor();
  await page.getByText(VALIDATION_MESSAGES.required, { exact: true }).waitFor();
  expect(await focused()).toBe('login-email');
  expect(await page.getByTestId('form-errors').innerText()).toBe(
    `2 fields need attention. Email: ${VALIDATION_MESSAGES.invalid}. Password: ${VALIDATION_MESSAGES.required}.`,
  );
  await shoot(page, 'login-errors');
  await fitsAPhone();
  await expectAccessible(page);

  const staff = await createUser(app, 'Staff', '0d0d0d0d-0000-4000-8000-00000000000d');
  // A session the browser already holds (as after an earlier sign-in) sends it home.
  const stored = JSON.stringify({
    accessToken: staff.login.access_token,
    refreshToken: staff.login.refresh_token,
    sessionId: staff.login.session_id,
    user: staff.login.user,
  });
  await page.evaluate(`localStorage.setItem('medbook.session', ${JSON.stringify(stored)})`);
  await page.goto(`${app.url}/account`);
  await page.waitForURL('**/dashboard/practice-staff');
  expect(await page.getByTestId('dashboard-greeting').innerText()).toBe(
    `Welcome, ${staff.login.user.name.first_name}`,
  );
});

it('resets a forgotten password under account/ with the emailed code (a refused update goes back to forgot-password), then signs in', async () => {
  const email = `reset-${Date.now()}@example.com`;
  await page.goto(`${app.url}/account/signup`);
  await page.getByTestId('signup-first_name').fill('Ida');
  await page.getByTestId('signup-last_name').fill('Wells');
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-confirm_email').fill(email);
  await page.getByTestId('signup-password').fill('First-Pass-1');
  await page.getByTestId('signup-confirm_password').fill('First-Pass-1');
  await page.getByTestId('signup-terms').check();
  await page.getByTestId('signup-submit').click();
  await page.waitForURL('**/dashboard/patient');
  await page.evaluate('localStorage.clear()');

  const codeSent = async (nth: number) => {
    for (let tries = 0; tries < 50; tries += 1) {
      const outbox = (await get(app, '/api/v1/dev/outbox')).body.data as OutboxMessageView[];
      const mine = outbox.filter((m) => m.recipient === email);
      // Newest first: the code of the nth request is the first once there are n.
      if (mine.length >= nth) return /\b(\d{6})\b/.exec(mine[0]!.body)![1]!;
      await page.waitForTimeout(100);
    }
    throw new Error(`no code ${nth} for ${email}`);
  };
  const askAndVerify = async (nth: number) => {
    await page.getByTestId('forgot-email').fill(email);
    await page.getByTestId('forgot-submit').click();
    await page.waitForURL(`${app.url}/account/verify-code`);
    await page.getByTestId('verify-code').fill(await codeSent(nth));
    await page.getByTestId('verify-submit').click();
    await page.waitForURL(`${app.url}/account/reset-password`);
  };

  await page.goto(`${app.url}/forgot-password`);
  await page.waitForURL(`${app.url}/account/forgot-password`);
  await askAndVerify(1);
  await page.getByTestId('reset-password').fill('First-Pass-1');
  await page.getByTestId('reset-confirm').fill('First-Pass-1');
  await page.getByTestId('reset-submit').click();
  // Spec 8: a password update answered 400 goes back to forgot-password with the server's words.
  await page.waitForURL(`${app.url}/account/forgot-password`);
  expect(await page.getByTestId('forgot-error').innerText()).toBe(
    VALIDATION_MESSAGES.passwordsMustDiffer,
  );
  await askAndVerify(2);
  await page.getByTestId('reset-password').fill('Second-Pass-2');
  await page.getByTestId('reset-confirm').fill('Second-Pass-2');
  await page.getByTestId('reset-submit').click();
  expect(await page.getByTestId('reset-done').innerText()).toBe(AUTH_MESSAGES.passwordUpdated);
  await page.waitForURL(`${app.url}/account`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('Second-Pass-2');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard/patient');
  await shot('dashboard-after-reset');
}, 90_000);

it('says on the not-found page that the address may be mistyped or the page moved; the site has a favicon', async () => {
  await page.goto(`${app.url}/no-such-page`);
  await page.getByText("THE PAGE YOU WERE LOOKING FOR DOESN'T EXIST").waitFor();
  const hint = await page.getByTestId('not-found-hint').innerText();
  expect(hint).toMatch(/mistyped/);
  expect(hint).toMatch(/moved/);
  await shoot(page, 'not-found');
  await expectAccessible(page);

  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).toBe('/favicon.svg');
  const served = await fetch(`${app.url}${icon}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
});
