import type { TimeSlotView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { createUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn, smsCode } from '../../support/browser';
import { createCalendar, createPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The wizard's family-member names and demographics answer the shared rules' messages in the
 * browser (libs/contracts person-rules, the rules the API applies).
 */
let app: TestApp;
const browser = browserSuite();
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

it("shows the spec's messages for a new family member's names and for demographics", async () => {
  page = await browser.open({ width: 1280, height: 900 });
  const practice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Ines Mora',
    collect_patient_demographics: true,
  });
  const slot: TimeSlotView = await tomorrowsSlot(app, calendarId, position, 4);
  const patient = await createUser(app, 'Patient', null, { first: 'Nora', last: 'Quinn' });
  await signIn(page, app, patient, '/dashboard/patient');
  await page.goto(
    `${app.url}/booking?calendar=${calendarId}&start=${encodeURIComponent(slot.start_date)}`,
  );

  // A new family member: one letter and spaces, and a doubled hyphen, are refused; then "Myself".
  await page.getByTestId('stage-title').filter({ hasText: 'Patient' }).waitFor();
  await page.getByRole('radio', { name: 'Someone else in my family' }).check();
  await page.getByLabel(/^First name/).fill('A   ');
  await page.getByLabel(/^Last name/).fill('Mary--Jane');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Each field's message (exact): the form's live region also repeats them in one sentence.
  await page.getByText('Invalid character length', { exact: true }).waitFor();
  await page.getByText('Invalid', { exact: true }).waitFor();
  expect(await page.getByTestId('form-errors').innerText()).toBe(
    '2 fields need attention. First name: Invalid character length. Last name: Invalid.',
  );
  await expectAccessible(page);
  await shoot(page, 'person-rules-family-member');
  await page.getByRole('radio', { name: 'Myself' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByTestId('stage-title').filter({ hasText: 'Verify phone' }).waitFor();
  const mobile = '5550135790';
  await page.getByLabel('Mobile number').fill(mobile);
  await page.keyboard.press('Enter');
  await page.getByTestId('sms-code').waitFor();
  await page.keyboard.type(await smsCode(app, mobile));
  await page.keyboard.press('Enter');

  // Demographics: MM/DD/YYYY; today is not earlier than today; the spec's limits.
  await page.getByTestId('stage-title').filter({ hasText: 'Demographics' }).waitFor();
  await page.getByLabel('Race').selectOption('2106-3');
  await page.getByLabel('Ethnicity').selectOption('2186-5');
  await page.getByLabel('Preferred language').selectOption('es');
  await page.getByLabel('Sex').selectOption('Female');
  await page.getByLabel('Date of birth').fill(DateTime.now().toFormat('MM/dd/yyyy'));
  await page.getByLabel('Street address').fill('1 Main Street'.padEnd(51, 'x'));
  await page.getByRole('textbox', { name: 'City' }).fill('Newark 2');
  await page.getByRole('combobox', { name: 'State' }).selectOption('NJ');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('0710');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page
    .getByText('The date of birth should be a date earlier than today.', { exact: true })
    .waitFor();
  expect(await page.getByText('Invalid character length', { exact: true }).count()).toBe(2);
  expect(await page.getByText('Invalid', { exact: true }).count()).toBe(1);
  await expectAccessible(page);
  await shoot(page, 'person-rules-demographics');

  await page.getByLabel('Date of birth').fill('02/30/1990');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByText('Invalid Date', { exact: true }).waitFor();

  await page.getByLabel('Date of birth').fill('02/28/1990');
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByRole('textbox', { name: 'City' }).fill('Newark');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('071021234');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByTestId('stage-title').filter({ hasText: 'Demographics' }).waitFor({
    state: 'detached',
  });
}, 90_000);
