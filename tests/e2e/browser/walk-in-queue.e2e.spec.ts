import type { BookingResult } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn, untilTrue } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerEntry,
  type TestPractice,
} from '../../support/scheduling';
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

it("shows a lab's walk-ins in the lab's own line on the desk's board, live, and adds one there", async () => {
  const practice: TestPractice = await createPractice(app);
  const lab = await registerEntry(app, practice, 'resources', {
    name: 'Blood draw lab',
    kind: 'Lab',
    facility_ids: [],
  });
  const [{ calendarId: labCalendar }] = await Promise.all([
    createCalendar(app, practice, {
      name: 'Lab draws',
      resource_id: lab.id,
      visit_type: 'Resource',
    }),
    createCalendar(app, practice, { name: 'Dr. Priya Raman' }),
  ]);
  const [first, second] = await Promise.all([
    createUser(app, 'Patient', null, { first: 'Iris', last: 'Novak' }),
    createUser(app, 'Patient', null, { first: 'Omar', last: 'Haddad' }),
  ]);
  await walkIn(labCalendar, first);

  const desk = await signedIn(practice.staff, '/dashboard/practice-staff');
  await desk.goto(`${app.url}/walk-in-queue`);
  const labQueue = desk.getByRole('region', { name: 'Queue of Blood draw lab' });
  await labQueue.getByTestId('queue-entry').filter({ hasText: 'Iris Novak' }).waitFor();
  await desk.getByTestId('queue-connection').filter({ hasText: 'Live' }).waitFor();

  // A second walk-in at the lab, from elsewhere: number 2 in the lab's line, without a reload.
  await walkIn(labCalendar, second);
  await labQueue.getByTestId('queue-entry').filter({ hasText: 'Omar Haddad' }).waitFor({
    timeout: 20_000,
  });
  expect(await labQueue.getByTestId('patients-in-queue').innerText()).toBe('2 waiting');
  await expectAccessible(desk);
  await shoot(desk, 'walk-in-queue-lab');

  // The desk's Add walk-in offers the lab's calendar beside the provider's.
  await desk.getByRole('button', { name: 'Add walk-in' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Add walk-in' });
  await dialog.waitFor();
  // The search box takes the focus once the dialog has loaded the calendars and shows it: keys
  // typed while the dialog still loads would be lost.
  await untilTrue(desk, "document.activeElement?.dataset.testid === 'patient-search'");
  await desk.keyboard.type('Novak');
  await dialog.getByTestId('patient-result').filter({ hasText: 'Iris Novak' }).waitFor();
  await desk.keyboard.press('ArrowDown');
  await desk.keyboard.press('Enter');
  await dialog.getByTestId('walk-in-patient').waitFor();
  await desk.getByLabel('Provider or resource').click();
  const options = await desk.getByRole('option').allInnerTexts();
  expect(options.map((o) => o.trim()).sort()).toEqual(['Dr. Priya Raman', 'Lab draws']);
  await desk.keyboard.press('Escape');
}, 120_000);
