import { PAYMENT_MESSAGES, TEST_CARDS } from '@medbook/contracts';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { call, createUser } from '../../support/accounts';
import { browserSuite, shoot, signIn, smsCode } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerEntry,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let page: Page;

async function fillCard(number: string): Promise<void> {
  await page.getByLabel('Name on card').fill('Rosa Diaz');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
}

/** The event types of each payment stream this patient started, oldest first. */
async function paymentsOf(patientId: string): Promise<string[][]> {
  const { rows } = await sql<{ stream_id: string; types: string[] }>`
    SELECT stream_id, array_agg(event_type ORDER BY stream_revision) AS types FROM es_events
    WHERE stream_id IN (SELECT stream_id FROM es_events
      WHERE event_type IN ('PaymentAuthorized', 'PaymentFailed') AND data->>'paid_by' = ${patientId})
    GROUP BY stream_id ORDER BY min(global_position)`.execute(app.database.db);
  return rows.map((r) => r.types);
}

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 900 });
});

it('pays the visit fee in the wizard: a declined card is told in its words, the success card books', async () => {
  const practice = await createPractice(app);
  const settings = await call(
    app,
    'PUT',
    `/api/v1/practices/${practice.practiceId}/payment-settings`,
    {
      online_payment_enabled: true,
      online_payment_gateway: 'Stripe',
      enable_card_on_file: true,
      has_paypal_account: false,
    },
    practice.admin.auth,
  );
  expect(settings.status).toBe(200);
  await registerEntry(app, practice, 'providers', {
    user_id: practice.provider.userId,
    first_name: 'Maya',
    last_name: 'Chen',
    provider_type: 'local',
    specialties: ['Family Medicine'],
    facility_ids: [],
    enable_visit_fee: true,
    visit_amount: 75,
    insured_visit_amount: 25,
  });
  const { calendarId, position } = await createCalendar(app, practice, { name: 'Dr. Maya Chen' });
  const slot = await tomorrowsSlot(app, calendarId, position, 1);
  const patient = await createUser(app, 'Patient', null, { first: 'Rosa', last: 'Diaz' });
  await signIn(page, app, patient, '/dashboard/patient');

  await page.goto(
    `${app.url}/booking?calendar=${calendarId}&start=${encodeURIComponent(slot.start_date)}`,
  );
  await page.getByTestId('stage-title').filter({ hasText: 'Patient' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  const mobile = '5550001111';
  await page.getByTestId('sms-mobile').fill(mobile);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('sms-code').waitFor();
  await page.getByTestId('sms-code').fill(await smsCode(app, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();

  // Self-pay: the visit amount is due, so the payment stage follows the insurance list.
  await page.getByTestId('stage-title').filter({ hasText: 'Insurance' }).waitFor();
  await page.getByText('Self paying').click();
  await page.getByTestId('stage-title').filter({ hasText: 'Payment' }).waitFor();
  expect(await page.getByTestId('visit-fee-amount').innerText()).toBe('$75.00');
  await page.getByRole('button', { name: 'Pay $75.00' }).click();
  expect(await page.getByText('Required', { exact: true }).count()).toBe(4);
  await shoot(page, 'payment-card');

  await fillCard(TEST_CARDS.declined);
  await page.getByTestId('payment-error').filter({ hasText: PAYMENT_MESSAGES.declined }).waitFor();
  await shoot(page, 'payment-declined');
  await fillCard(TEST_CARDS.insufficientFunds);
  await page
    .getByTestId('payment-error')
    .filter({ hasText: PAYMENT_MESSAGES.insufficientFunds })
    .waitFor();

  await fillCard(TEST_CARDS.success);
  await page.getByTestId('stage-title').filter({ hasText: 'Review' }).waitFor();
  await page.getByText('$75.00 · Visa •••• 424242').waitFor();
  await shoot(page, 'payment-review');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await page.getByText('Your appointment has been scheduled').waitFor();
  await shoot(page, 'payment-booked');

  // Two refused attempts, then one authorized and captured for the booked appointment.
  const payments = await paymentsOf(patient.userId);
  expect(payments).toEqual([
    ['PaymentFailed'],
    ['PaymentFailed'],
    ['PaymentAuthorized', 'PaymentCaptured'],
  ]);
  const list = await call(app, 'GET', '/api/v1/appointments/patient', undefined, patient.auth);
  const [booked] = (list.body.data as { appointments: { appointment_id: string }[] }).appointments;
  const { rows } = await sql<{ appointment_id: string }>`
    SELECT data->>'appointment_id' AS appointment_id FROM es_events
    WHERE event_type = 'PaymentCaptured' AND data->>'captured_by' = ${patient.userId}`.execute(
    app.database.db,
  );
  expect(rows.map((r) => r.appointment_id)).toEqual([booked!.appointment_id]);
  // The booking itself named the fee it was paid with.
  const { rows: bookedWith } = await sql<{ payment_id: string | null }>`
    SELECT data->>'payment_id' AS payment_id FROM es_events
    WHERE event_type = 'AppointmentBooked' AND data->>'appointment_id' = ${booked!.appointment_id}`.execute(
    app.database.db,
  );
  const captured = await sql<{ payment_id: string }>`
    SELECT data->>'payment_id' AS payment_id FROM es_events
    WHERE event_type = 'PaymentCaptured' AND data->>'captured_by' = ${patient.userId}`.execute(
    app.database.db,
  );
  expect(bookedWith.map((r) => r.payment_id)).toEqual([captured.rows[0]!.payment_id]);
}, 120_000);
