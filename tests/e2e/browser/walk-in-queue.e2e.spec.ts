import type { BookingResult } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, shoot, signIn } from '../../support/browser';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();

/** A separate browser (its own storage, so its own session) signed in as this user. */
async function signedIn(user: TestUser, lands: string): Promise<Page> {
  const page = await browser.open();
  await signIn(page, app, user, lands);
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
});

afterAll(async () => {
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
  await providerPage.getByRole('button', { name: 'Start visit: Marcus Bell' }).click();
  await place.getByTestId('queue-position-text').filter({ hasText: 'number 2' }).waitFor({
    timeout: 20_000,
  });
  await providerPage.getByTestId('in-progress').getByTestId('queue-entry').waitFor();
  expect(await providerPage.getByTestId('patients-in-queue').innerText()).toBe('2 waiting');
  await shoot(providerPage, 'walk-in-queue-board');

  // Check #1 out, send #2 to the waiting room and start their visit: the patient is number 1.
  await providerPage.getByRole('button', { name: 'Check out: Marcus Bell' }).click();
  await providerPage.getByTestId('in-progress').waitFor({ state: 'detached' });
  await providerPage.getByRole('button', { name: 'Waiting room: Hannah Ortiz' }).click();
  await providerPage.getByRole('button', { name: 'Start visit: Hannah Ortiz' }).click();
  await place.getByTestId('queue-position-text').filter({ hasText: 'number 1' }).waitFor({
    timeout: 20_000,
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
  await providerPage.waitForURL('**/account');
}, 120_000);
