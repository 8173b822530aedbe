import { AUTH_MESSAGES, type BookingResult } from '@medbook/contracts';
import type { Page, Response } from 'playwright-core';
import { createUser } from '../../support/accounts';
import { AxeBuilder } from '@axe-core/playwright';
import { browserSuite, shoot, signIn } from '../../support/browser';
import { createCalendar, createPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';
import { DateTime } from 'luxon';

/**
 * Sessions last while used: with a 5-second access token, a provider works their list for a
 * minute (live rows arriving over the socket, status changes through the API) without a failed
 * call; when the session is ended elsewhere, the next action lands on the login page with the
 * spec's message, and signing in returns to the list.
 */
const TTL_SECONDS = 5;
let app: TestApp;
const browser = browserSuite();

beforeAll(async () => {
  app = await startTestApp({ config: { accessTokenTtlSeconds: TTL_SECONDS } });
});

afterAll(async () => {
  await app.close();
});

it('keeps a provider working through a minute of 5-second tokens, then sends an ended session to log in and back', async () => {
  const practice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Ana Ruiz',
    booking_capacity: 20,
  });
  const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
  const slots = (await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`))
    .days[0]!.time_slots;
  expect(slots.length).toBeGreaterThanOrEqual(14);

  const page: Page = await browser.open();
  const refreshes: number[] = [];
  const unauthorized: string[] = [];
  let forced = 0;
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/v1/')) return;
    if (url.pathname === '/api/v1/auth/refresh') refreshes.push(response.status());
    else if (response.status() === 401 && !response.headers()['x-forced']) {
      unauthorized.push(url.pathname);
    }
  });
  await signIn(page, app, practice.provider, '/dashboard/doctor');
  await page.getByTestId('live-state').filter({ hasText: 'Live updates on' }).waitFor();

  const started = Date.now();
  let rounds = 0;
  while (Date.now() - started < 60_000) {
    // A patient books through the API: the row arrives over the socket, whose first token is
    // long expired by now.
    const patient = await createUser(app, 'Patient');
    const booked = await app.api.as(patient).post('/api/v1/appointments', {
      calendar_id: calendarId,
      // Latest slot first: the list runs by start time, so each new row lands on its first page.
      start_date: slots[slots.length - 1 - rounds]!.start_date,
    });
    expect(booked.status).toBe(201);
    const { appointment_id: appointmentId } = booked.body.data as BookingResult;
    const row = page.locator(
      `[data-testid="appointment-row"][data-appointment="${appointmentId}"]`,
    );
    await row.waitFor({ timeout: 20_000 }).catch((error: unknown) => {
      throw new Error(`round ${rounds}: the booked row did not arrive live`, { cause: error });
    });
    // The provider acts on it through the API with whatever token the page holds now. Once, the
    // API is made to answer 401 (as after a key rotation): the page refreshes and retries.
    if (rounds === 2) {
      await page.route(
        '**/api/v1/appointments/*/status',
        (route) => {
          forced += 1;
          return route.fulfill({
            status: 401,
            headers: { 'x-forced': '1' },
            contentType: 'application/json',
            body: JSON.stringify({ status: 401, message: AUTH_MESSAGES.sessionEnded, data: null }),
          });
        },
        { times: 1 },
      );
    }
    await row.getByTestId('change-status').click();
    await page.getByRole('menuitem', { name: 'Checked-In' }).click();
    await row.getByTestId('status').filter({ hasText: 'Checked-In' }).waitFor({ timeout: 20_000 });
    rounds += 1;
    await page.waitForTimeout(TTL_SECONDS * 1000);
  }
  expect(rounds).toBeGreaterThanOrEqual(6);
  // No call met an expired token; the one forced 401 was refreshed and retried (its status
  // change went through above).
  expect(unauthorized).toEqual([]);
  expect(forced).toBe(1);
  // At least one refresh per token life, every one accepted.
  expect(refreshes.length).toBeGreaterThanOrEqual(Math.floor(60 / TTL_SECONDS) - 1);
  expect(refreshes.every((status) => status === 200)).toBe(true);
  expect(await page.getByTestId('live-state').innerText()).toBe('Live updates on');

  // Signed out elsewhere (the session revoked with the page's own current token).
  const stored = await page.evaluate<string>("localStorage.getItem('medbook.session')");
  const { accessToken: token } = JSON.parse(stored) as { accessToken: string };
  const loggedOut = await fetch(`${app.url}/api/v1/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(loggedOut.status).toBe(200);

  // The server closes the session's socket; its reconnect is refused, the refresh too: the page
  // lands on the login page by itself, with the spec's message.
  await page.waitForURL('**/account?**', { timeout: 10_000 });
  expect(await page.getByTestId('login-error').innerText()).toBe(AUTH_MESSAGES.sessionEnded);
  await shoot(page, 'session-ended');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Signing in again returns to where the provider was.
  await page.getByTestId('login-email').fill(practice.provider.email);
  await page.getByTestId('login-password').fill(`Secret-${practice.provider.email}`);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard/doctor');
  await page.getByTestId('appointment-row').first().waitFor();
}, 150_000);
