import path from 'node:path';
import type { BookingResult } from '@medbook/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { launchBrowser } from '../../support/browser';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const SHOTS = path.join(__dirname, '..', '..', 'browser', 'screenshots');

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** The page at a phone's width and at a desktop's, as `<name>-375.png` and `<name>-1280.png`. */
async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A separate browser (its own storage, so its own session) signed in as this user. */
async function signedIn(user: TestUser, lands: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${app.url}/login`);
  await page.getByTestId('login-email').fill(user.email);
  // createUser's stored password is the SHA-256 of this text, as the browser sends it.
  await page.getByTestId('login-password').fill(`Secret-${user.email}`);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**${lands}`);
  return page;
}

async function walkIn(calendarId: string, patient: TestUser): Promise<string> {
  const response = await call(
    app,
    'POST',
    '/api/v1/appointments/walk-in',
    { calendar_id: calendarId },
    patient.auth,
  );
  if (response.status !== 201) throw new Error(`walk-in: ${JSON.stringify(response.body)}`);
  return (response.body.data as BookingResult).appointment_id;
}

beforeAll(async () => {
  app = await startTestApp();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
  await app.close();
});

it('shows a walk-in patient their place falling live as the provider works the queue, and the logout dialog', async () => {
  const practice: TestPractice = await createPractice(app);
  const { calendarId } = await createCalendar(app, practice, { name: 'Dr. Priya Raman' });
  const [first, second, subject] = await Promise.all([
    createUser(app, 'Patient', null, { first: 'Marcus', last: 'Bell' }),
    createUser(app, 'Patient', null, { first: 'Hannah', last: 'Ortiz' }),
    createUser(app, 'Patient', null, { first: 'Leah', last: 'Kim' }),
  ]);
  const firstId = await walkIn(calendarId, first);
  const secondId = await walkIn(calendarId, second);
  const subjectId = await walkIn(calendarId, subject);

  // The patient's dashboard: their walk-in card says number 3.
  const patientPage = await signedIn(subject, '/dashboard/patient');
  const place = patientPage
    .locator(`[data-appointment-id="${subjectId}"]`)
    .getByTestId('queue-position');
  await place.waitFor();
  await patientPage
    .locator(
      `[data-appointment-id="${subjectId}"] [data-testid="queue-position"][data-queue-index="3"]`,
    )
    .waitFor();
  expect(await place.getByTestId('queue-position-text').innerText()).toBe(
    'You are number 3 in line',
  );
  await shoot(patientPage, 'walk-in-queue-patient');

  // The provider's board, in another browser: three waiting, in order of arrival.
  const providerPage = await signedIn(practice.provider, '/dashboard/doctor');
  await providerPage.goto(`${app.url}/walk-in-queue`);
  const line = providerPage.getByTestId('waiting-line').getByTestId('queue-entry');
  await line.nth(2).waitFor();
  const order: (string | null)[] = [];
  for (let n = 0; n < 3; n += 1) order.push(await line.nth(n).getAttribute('data-appointment-id'));
  expect(order).toEqual([firstId, secondId, subjectId]);
  expect(await providerPage.getByTestId('patients-in-queue').innerText()).toBe('3 waiting');
  await providerPage.getByTestId('queue-connection').filter({ hasText: 'Live' }).waitFor();

  // Check in #1, then start their visit: the patient's number falls to 2 without a reload.
  await providerPage.getByRole('button', { name: 'Check in: Marcus Bell' }).click();
  await providerPage
    .locator(`[data-appointment-id="${firstId}"]`)
    .getByTestId('queue-status')
    .filter({ hasText: 'Checked-In' })
    .waitFor();
  const startedAt = Date.now();
  await providerPage.getByRole('button', { name: 'Start visit: Marcus Bell' }).click();
  await place.getByTestId('queue-position-text').filter({ hasText: 'number 2' }).waitFor({
    timeout: 5_000,
  });
  expect(Date.now() - startedAt).toBeLessThan(5_000);
  await providerPage.getByTestId('in-progress').getByTestId('queue-entry').waitFor();
  expect(await providerPage.getByTestId('patients-in-queue').innerText()).toBe('2 waiting');
  await shoot(providerPage, 'walk-in-queue-board');

  // Check #1 out, send #2 to the waiting room and start their visit: the patient is number 1.
  await providerPage.getByRole('button', { name: 'Check out: Marcus Bell' }).click();
  await providerPage.getByTestId('in-progress').waitFor({ state: 'detached' });
  await providerPage.getByRole('button', { name: 'Waiting room: Hannah Ortiz' }).click();
  await providerPage.getByRole('button', { name: 'Start visit: Hannah Ortiz' }).click();
  await place.getByTestId('queue-position-text').filter({ hasText: 'number 1' }).waitFor({
    timeout: 5_000,
  });
  expect(await place.getAttribute('data-queue-index')).toBe('1');
  await shoot(patientPage, 'walk-in-queue-patient-next');

  // Logging out with a patient still waiting asks first (spec 2.13); Stay keeps the session.
  await providerPage.getByTestId('profile-menu').click();
  await providerPage.getByTestId('logout').click();
  const dialog = providerPage.getByTestId('patients-in-queue-dialog');
  await dialog.getByRole('dialog').waitFor();
  expect(await dialog.getByTestId('patients-in-queue-count').innerText()).toBe(
    'You still have 1 patient in queue',
  );
  expect(await dialog.getByText('Are you sure you want to leave?').count()).toBe(1);
  expect(await dialog.getByRole('heading', { name: 'Patients in Queue' }).count()).toBe(1);
  await shoot(providerPage, 'walk-in-queue-logout-dialog');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await dialog.getByRole('dialog').waitFor({ state: 'detached' });
  expect(providerPage.url()).toContain('/walk-in-queue');

  // The close action stays too; Logout signs out.
  await providerPage.getByTestId('profile-menu').click();
  await providerPage.getByTestId('logout').click();
  await dialog.getByRole('dialog').waitFor();
  await dialog.getByTestId('patients-in-queue-close').click();
  await dialog.getByRole('dialog').waitFor({ state: 'detached' });
  await providerPage.getByTestId('profile-menu').click();
  await providerPage.getByTestId('logout').click();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await providerPage.waitForURL('**/login');
}, 120_000);
