import { BOOKING_MESSAGES, type TimeSlotView } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn, smsCode } from '../../support/browser';
import { createCalendar, createPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 900 });
});

const bookingUrl = (calendarId: string, slot: TimeSlotView) =>
  `${app.url}/booking?calendar=${calendarId}&start=${encodeURIComponent(slot.start_date)}`;

/** The wizard's hold, as the tab keeps it. */
async function heldId(): Promise<string> {
  const raw = await page.evaluate<string | null>(`sessionStorage.getItem('medbook.booking')`);
  return (JSON.parse(raw ?? '{}') as { hold?: { hold_id?: string } }).hold?.hold_id ?? '';
}

const title = (text: string) =>
  page.getByTestId('stage-title').filter({ hasText: new RegExp(`^${text}$`) });

/** "Step n of m" (shown on narrow screens; the stepper says the same on wide ones). */
const counter = async () => ((await page.getByTestId('step-counter').textContent()) ?? '').trim();

/** Another patient asks for the same slot: refused while our hold stands, granted once it is gone. */
async function otherPatientHolds(calendarId: string, slot: TimeSlotView): Promise<number> {
  const other = await createUser(app, 'Patient', null, { first: 'Otto', last: 'Other' });
  const held = await call(
    app,
    'PUT',
    `/api/v1/calendars/${calendarId}/slots/hold`,
    { start_date: slot.start_date },
    other.auth,
  );
  return held.status;
}

it('gives each stage its own address: a reload resumes a middle stage with the same hold, Back goes back, Cancel gives the slot back', async () => {
  const practice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, { name: 'Dr. Iris Vale' });
  const slot = await tomorrowsSlot(app, calendarId, position, 2);
  const patient = await createUser(app, 'Patient', null, { first: 'Nora', last: 'Quinn' });
  await signIn(page, app, patient, '/dashboard/patient');

  // The old entry still works: it holds the slot and opens the first stage's address.
  await page.goto(bookingUrl(calendarId, slot));
  await page.waitForURL('**/book/book-appointment-form');
  await title('Patient').waitFor();
  const hold = await heldId();
  expect(hold).toMatch(/^[0-9a-f-]{36}$/);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL('**/verification/phone-verify');
  await title('Verify phone').waitFor();
  await expectAccessible(page);
  await page.getByTestId('sms-mobile').fill('5553217654');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('sms-code').waitFor();
  await page.getByTestId('sms-code').fill(await smsCode(app, '5553217654'));
  await page.getByRole('button', { name: 'Verify' }).click();

  await page.waitForURL('**/book/collect-insurance');
  await title('Insurance').waitFor();
  await expectAccessible(page);
  await page.getByTestId('insurance-search').fill('Aet');
  await page.getByRole('button', { name: 'Aetna', exact: true }).click();
  await page.waitForURL('**/book/insurance-confirmation');
  await title('Confirm insurance').waitFor();
  await page.setViewportSize({ width: 375, height: 900 });
  // Patient, Verify phone, Insurance (with its confirmation), Review.
  expect(await counter()).toBe('Step 3 of 4');
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reload resumes this stage, with the same hold (re-read from the API) and the answers.
  await page.reload();
  await title('Confirm insurance').waitFor();
  expect(page.url()).toMatch(/\/book\/insurance-confirmation$/);
  expect(await heldId()).toBe(hold);
  expect(await counter()).toBe('Step 3 of 4');
  await page.getByText('Aetna').first().waitFor();
  expect(await otherPatientHolds(calendarId, slot)).toBe(409);
  await expectAccessible(page);
  await shoot(page, 'wizard-reloaded-confirm-insurance');

  // Back: the insurance stage, with the choice made.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL('**/book/collect-insurance');
  await title('Insurance').waitFor();
  expect(await page.getByTestId('insurance-choice').innerText()).toBe('Aetna');
  expect(await counter()).toBe('Step 3 of 4');
  // The phone is verified now: Back passes its stage and goes to the booking form.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL('**/book/book-appointment-form');
  await title('Patient').waitFor();
  expect(await counter()).toBe('Step 1 of 4');
  await page.goBack();
  await page.waitForURL('**/book/collect-insurance');
  await title('Insurance').waitFor();

  // An address ahead of where the patient got to shows the furthest stage reached instead.
  await page.goto(`${app.url}/book/review`);
  await page.waitForURL('**/book/insurance-confirmation');
  await title('Confirm insurance').waitFor();
  expect(await heldId()).toBe(hold);

  // Cancel gives the hold back and leaves the wizard; the slot is offered again.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL((url) => !/\/book\/|\/verification\//.test(url.pathname));
  expect(await page.evaluate<string | null>(`sessionStorage.getItem('medbook.booking')`)).toBe(
    null,
  );
  expect(await otherPatientHolds(calendarId, slot)).toBe(200);
}, 120_000);

it('returns to the page the patient booked from on Cancel', async () => {
  const practice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, { name: 'Dr. Leo Marsh' });
  const slot = await tomorrowsSlot(app, calendarId, position, 3);
  const patient = await createUser(app, 'Patient', null, { first: 'Ada', last: 'Byrne' });
  await signIn(page, app, patient, '/dashboard/patient');
  await page.goto(`${app.url}/dashboard/patient`);
  await page.getByTestId('upcoming').waitFor();
  // An in-app move to the booking entry, as a slot button makes it.
  await page.evaluate(
    `history.pushState({ usr: null, key: 'slot', idx: (history.state?.idx ?? 0) + 1 }, '', ${JSON.stringify(
      `/booking?calendar=${calendarId}&start=${encodeURIComponent(slot.start_date)}`,
    )}); dispatchEvent(new PopStateEvent('popstate', { state: history.state }))`,
  );
  await page.waitForURL('**/book/book-appointment-form');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/verification/phone-verify');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL('**/dashboard/patient');
  expect(await otherPatientHolds(calendarId, slot)).toBe(200);
}, 90_000);

it('tells a patient who gave only a slot that it was taken, and one who gave more picks another', async () => {
  const practice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Ruth Gale',
    booking_capacity: 2,
  });
  const slot = await tomorrowsSlot(app, calendarId, position, 3);
  const patient = await createUser(app, 'Patient', null, { first: 'Tom', last: 'Ince' });
  // The patient already has this slot: booking it again is refused as already booked.
  const first = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  expect(first.status).toBe(201);
  await signIn(page, app, patient, '/dashboard/patient');
  await page.goto(bookingUrl(calendarId, slot));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('sms-mobile').fill('5554443322');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('sms-code').waitFor();
  await page.getByTestId('sms-code').fill(await smsCode(app, '5554443322'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Skip insurance').click();
  await page.waitForURL('**/book/review');
  await title('Review').waitFor();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Book Appointment' }).click();

  // Only a slot was given: the spec's message, no new-slot dialog.
  await page.getByTestId('slot-taken-message').getByText(BOOKING_MESSAGES.alreadyBooked).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  await expectAccessible(page);
  await shoot(page, 'wizard-slot-taken-message');
}, 90_000);

it('names the support address when the booking fails otherwise', async () => {
  const practice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, { name: 'Dr. Jan Holt' });
  const slot = await tomorrowsSlot(app, calendarId, position, 4);
  const patient = await createUser(app, 'Patient', null, { first: 'Eve', last: 'Stone' });
  await signIn(page, app, patient, '/dashboard/patient');
  await page.goto(bookingUrl(calendarId, slot));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('sms-mobile').fill('5556667788');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('sms-code').waitFor();
  await page.getByTestId('sms-code').fill(await smsCode(app, '5556667788'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page
    .getByText('I don\u2019t have insurance')
    .or(page.getByText("I don't have insurance"))
    .click();
  await title('Review').waitFor();
  // The server fails in a way the wizard cannot recover from.
  await page.route('**/api/v1/appointments', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status_code: 500, message: '', data: null }),
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const host = new URL(app.url).hostname;
  await page
    .getByText(`An error occurred while processing request. Please contact support@${host}`, {
      exact: false,
    })
    .waitFor();
  await expectAccessible(page);
  await shoot(page, 'wizard-contact-support');
}, 90_000);

it('lets a patient whose insurance is not eligible continue as self-paying', async () => {
  const practice = await createPractice(app);
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Hana Berg',
    enable_insurance_eligibility: true,
  });
  const slot = await tomorrowsSlot(app, calendarId, position, 5);
  const patient = await createUser(app, 'Patient', null, { first: 'Ivy', last: 'Lund' });
  await signIn(page, app, patient, '/dashboard/patient');
  await page.goto(bookingUrl(calendarId, slot));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('sms-mobile').fill('5557771212');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('sms-code').waitFor();
  await page.getByTestId('sms-code').fill(await smsCode(app, '5557771212'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByTestId('insurance-search').fill('Aet');
  await page.getByRole('button', { name: 'Aetna', exact: true }).click();
  await page.getByLabel('Member ID').fill('INELIG-7');
  await page.getByRole('button', { name: 'Confirm insurance' }).click();

  await page.waitForURL('**/book/verify-eligibility');
  await page.getByLabel(/^Plan\b/).selectOption({ label: 'Aetna HMO' });
  await page.getByRole('button', { name: 'Verify eligibility' }).click();
  const offer = page.getByTestId('self-pay-offer');
  await offer.waitFor();
  await expectAccessible(page);
  await shoot(page, 'wizard-ineligible-self-pay');
  await offer.getByRole('button', { name: 'Self paying' }).click();

  await page.waitForURL('**/book/review');
  await title('Review').waitFor();
  await page.getByText('Self paying').first().waitFor();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await page.getByText('Your appointment has been scheduled').waitFor();
  expect(await page.evaluate<string | null>(`sessionStorage.getItem('medbook.booking')`)).toBe(
    null,
  );
}, 90_000);
