import type { BookingResult, ConsentDocumentView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();

/** A 1×1 PNG, and a one-line PDF: the card's two sides. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n% insurance card back\n');

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

async function signedIn(user: TestUser, lands: string): Promise<Page> {
  const page = await browser.open();
  await signIn(page, app, user, lands);
  return page;
}

/** The row's mark for one step: data-done says whether it is done. */
const mark = (page: Page, appointmentId: string, step: string, done: boolean) =>
  page
    .getByTestId(`summary-row-${appointmentId}`)
    .locator(`[data-testid="summary-${step}"][data-done="${done}"]`);

it("a patient signs a drawn consent, pays the copay and uploads the card; the staff's Check-In Summary follows live", async () => {
  const practice: TestPractice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, { name: 'Dr. Ana Silva' });
  const patient = await createUser(app, 'Patient', null, { first: 'Rosa', last: 'Diaz' });

  // The practice admin turns digital check-in on with a copay and the card, and adds a consent.
  const settings = await call(
    app,
    'PUT',
    `/api/v1/providers/${practice.provider.userId}/digital-check-in-settings`,
    {
      digital_check_in_enabled: true,
      insurance_card_collection: true,
      copay_amount: 20,
      i_have_arrived_text: 'I have arrived',
    },
    practice.admin.auth,
  );
  expect(settings.status).toBe(200);
  const consent = await call(
    app,
    'POST',
    `/api/v1/practices/${practice.practiceId}/consents`,
    {
      title: 'Consent to treatment',
      text: 'I agree to be examined and treated by the practice.',
      required: true,
    },
    practice.admin.auth,
  );
  expect(consent.status).toBe(201);
  expect((consent.body.data as ConsentDocumentView).version).toBe(1);

  const slot = await tomorrowsSlot(app, calendarId, position);
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  expect(booked.status).toBe(201);
  const appointmentId = (booked.body.data as BookingResult).appointment_id;
  // The practice has no registered zone here: its days are UTC days.
  const day = DateTime.fromISO(slot.start_date, { zone: 'UTC' }).toISODate()!;

  // Staff open the Check-In Summary from the workspace's navigation.
  const staffPage = await signedIn(practice.staff, '/dashboard/practice-staff');
  await staffPage.getByRole('link', { name: 'Check-In Summary' }).first().click();
  await staffPage.waitForURL('**/staff-member/digital-checkin');
  await staffPage.getByLabel('Day').fill(day);
  await mark(staffPage, appointmentId, 'copay', false).waitFor();
  await staffPage.getByText('Live', { exact: true }).waitFor();
  expect(
    await staffPage.getByTestId(`summary-row-${appointmentId}`).getByText('Rosa Diaz').count(),
  ).toBe(1);
  expect(
    await staffPage
      .getByTestId(`summary-row-${appointmentId}`)
      .getByTestId('summary-consents')
      .innerText(),
  ).toBe('0/1');

  // The patient: the consent comes first; they draw a signature and sign.
  const patientPage = await signedIn(patient, '/dashboard/patient');
  await patientPage.goto(`${app.url}/patient/consent?aptId=${appointmentId}`);
  await patientPage.getByRole('heading', { name: 'Consent to treatment' }).waitFor();
  await expectAccessible(patientPage);
  await shoot(patientPage, 'digital-check-in-consent');
  const canvas = patientPage.getByTestId('signature-canvas');
  const box = (await canvas.boundingBox())!;
  await patientPage.mouse.move(box.x + 20, box.y + 100);
  await patientPage.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await patientPage.mouse.move(box.x + 20 + step * 15, box.y + 100 - (step % 2) * 40);
  }
  await patientPage.mouse.up();
  await patientPage.getByRole('button', { name: 'Sign consent' }).click();
  await patientPage.getByText('Signed by drawing', { exact: false }).waitFor();
  // The staff's row says 1/1 without a reload.
  await staffPage
    .getByTestId(`summary-row-${appointmentId}`)
    .getByTestId('summary-consents')
    .filter({ hasText: '1/1' })
    .waitFor({ timeout: 10_000 });

  // Copay.
  await patientPage.getByRole('button', { name: 'Continue' }).click();
  await patientPage.waitForURL('**/patient/copay-payment?aptId=*');
  await patientPage.getByText('Copay due: $20.00').waitFor();
  await expectAccessible(patientPage);
  await patientPage.getByLabel('Name on card').fill('Rosa Diaz');
  await patientPage.getByLabel('Card number').fill('4242424242424242');
  await patientPage.getByLabel('Expiry (MM/YY)').fill('12/40');
  await patientPage.getByLabel('CVC').fill('123');
  await patientPage.getByRole('button', { name: 'Pay $20.00' }).click();
  await patientPage.getByText('Copay of $20.00 paid.').waitFor();
  await mark(staffPage, appointmentId, 'copay', true).waitFor({ timeout: 10_000 });

  // The insurance card: front as a PNG, back as a PDF; a text file is refused.
  await patientPage.getByTestId('insurance-front').setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('just some text'),
  });
  await patientPage.getByText('Only JPEG, PNG or PDF files are accepted.').waitFor();
  await patientPage
    .getByTestId('insurance-front')
    .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await patientPage.getByText('Front uploaded').waitFor();
  await patientPage
    .getByTestId('insurance-back')
    .setInputFiles({ name: 'back.pdf', mimeType: 'application/pdf', buffer: PDF });
  await patientPage.getByText('Back uploaded').waitFor();
  await mark(staffPage, appointmentId, 'insurance', true).waitFor({ timeout: 10_000 });
  await expectAccessible(patientPage);
  await shoot(patientPage, 'digital-check-in-copay');

  await expectAccessible(staffPage);
  await shoot(staffPage, 'digital-check-in-summary');
  expect(await mark(staffPage, appointmentId, 'arrived', false).count()).toBe(1);
}, 180_000);

it("the practice admin edits a provider's settings and the consents in the workspace", async () => {
  const practice = await createPractice(app);
  await createCalendar(app, practice, { name: 'Dr. Lee' });
  const page = await signedIn(practice.admin, '/practice-admin/dashboard');
  await page.goto(`${app.url}/practice-admin/digital-checkin/settings`);
  await page.getByRole('heading', { name: 'Digital check-in settings' }).waitFor();
  const enabled = page.getByLabel('Digital check-in enabled');
  await enabled.waitFor();
  // The spec's defaults: off, and copay collection on.
  expect(await enabled.isChecked()).toBe(false);
  expect(await page.getByLabel('Copay collection').isChecked()).toBe(true);
  await enabled.check();
  await page.getByLabel('Copay amount').fill('15');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Digital check-in settings saved.').waitFor();
  const saved = await call(
    app,
    'GET',
    `/api/v1/providers/${practice.provider.userId}/digital-check-in-settings`,
    undefined,
    practice.admin.auth,
  );
  expect(saved.body.data).toMatchObject({ digital_check_in_enabled: true, copay_amount: 15 });

  await page.getByLabel('Consent title').fill('HIPAA notice');
  await page.getByLabel('Consent text').fill('We keep your records private.');
  await page.getByRole('button', { name: 'Add consent' }).click();
  await page.getByText('HIPAA notice · version 1 · required').waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Consent text').fill('We keep your records private, always.');
  await page.getByRole('button', { name: 'Save new version' }).click();
  await page.getByText('HIPAA notice · version 2 · required').waitFor();
  await expectAccessible(page);
  await shoot(page, 'digital-check-in-settings');
}, 120_000);
