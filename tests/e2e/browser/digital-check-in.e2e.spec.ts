import type { BookingResult, ConsentDocumentView, TimeSlotView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn, smsCode } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
  week,
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
  await staffPage.getByLabel('Day', { exact: true }).fill(day);
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

/**
 * A zone where it is day now: today's next slots (and their check-in window, on the real clock)
 * fall on today's date there.
 */
function daytimeZone(): string {
  const zones = [
    'America/New_York',
    'Europe/London',
    'Asia/Kolkata',
    'Asia/Tokyo',
    'Australia/Sydney',
    'Pacific/Honolulu',
    'America/Los_Angeles',
  ];
  return zones.find((z) => {
    const hour = DateTime.now().setZone(z).hour;
    return hour >= 2 && hour <= 20;
  })!;
}

/** A calendar open all day in a daytime zone, with a reason that allows immediate check-in. */
async function allDayCalendar(practice: TestPractice) {
  const zone = daytimeZone();
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Lena Ortiz',
    time_zone: zone,
    first_hour: 0,
    last_hour: 24,
    time_step: 15,
    booking_capacity: 5,
    minutes_before_showing_slots: 0,
    enable_insurance: false,
    date_from: DateTime.now().setZone(zone).minus({ days: 1 }).toISODate()!,
  });
  const reason = await call(
    app,
    'POST',
    `/api/v1/calendars/${calendarId}/reasons`,
    { title: 'Check-up', allow_immediate_checkin: true },
    practice.admin.auth,
  );
  expect(reason.status).toBeLessThan(300);
  const at = Math.max(position, (reason.body.data as { position?: number }).position ?? 0);
  /** Today's slots starting at least `minutes` from now. */
  const slotsFrom = async (minutes: number): Promise<TimeSlotView[]> => {
    const today = DateTime.now().setZone(zone).toISODate()!;
    const view = await week(app, calendarId, `?start_date=${today}&min_position=${at}`);
    const after = Date.now() + minutes * 60_000;
    return (view.days[0]?.time_slots ?? []).filter((s) => Date.parse(s.start_date) >= after);
  };
  return { calendarId, slotsFrom };
}

async function enableCheckIn(practice: TestPractice, changes: Record<string, unknown>) {
  const saved = await call(
    app,
    'PUT',
    `/api/v1/providers/${practice.provider.userId}/digital-check-in-settings`,
    { digital_check_in_enabled: true, ...changes },
    practice.admin.auth,
  );
  expect(saved.status).toBe(200);
}

it('staff-approved entry: the patient starts from the dashboard, reads the visit instructions, gives their information and waits; staff see it and mark them ready', async () => {
  const practice = await createPractice(app);
  const { calendarId, slotsFrom } = await allDayCalendar(practice);
  await enableCheckIn(practice, {
    staff_approved_entry: true,
    arrival_notification_enabled: true,
    ready_for_patient_text: 'Room 3 is ready for you.',
    visit_instructions_enabled: true,
    visit_instructions: 'Bring your photo ID and arrive 10 minutes early.',
    emergency_contact_collection: true,
    preferred_pharmacy_collection: true,
    skip_preferred_pharmacy_collection: true,
    allergies_history_collection: true,
  });
  const patient = await createUser(app, 'Patient', null, { first: 'Ada', last: 'Lovelace' });
  const [soon] = await slotsFrom(10);
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: soon!.start_date },
    patient.auth,
  );
  expect(booked.status).toBe(201);
  const appointmentId = (booked.body.data as BookingResult).appointment_id;
  const day = DateTime.fromISO(soon!.start_date, { zone: 'UTC' }).toISODate()!;

  const staffPage = await signedIn(practice.staff, '/dashboard/practice-staff');
  await staffPage.goto(`${app.url}/staff-member/digital-checkin`);
  await staffPage.getByLabel('Day', { exact: true }).fill(day);
  const row = staffPage.getByTestId(`summary-row-${appointmentId}`);
  await row.getByTestId('summary-information').filter({ hasText: '0/3' }).waitFor();

  // The dashboard's upcoming card leads into the check-in (no consents: copay payment's page).
  const page = await signedIn(patient, '/dashboard/patient');
  const card = page.locator(`[data-appointment-id="${appointmentId}"]`);
  await card.getByTestId('digital-check-in-entry').click();
  await page.waitForURL('**/patient/copay-payment?aptId=*');
  await page
    .getByTestId('visit-instructions')
    .getByText('Bring your photo ID and arrive 10 minutes early.')
    .waitFor();

  // The information: the spec's 'Required' under empty fields, then saved.
  const contact = page.getByTestId('emergency-contact-form');
  await contact.getByRole('button', { name: 'Save' }).click();
  expect(await contact.getByText('Required').count()).toBe(4);
  await contact.getByLabel('First name').fill('Charles');
  await contact.getByLabel('Last name').fill('Babbage');
  await contact.getByLabel('Relationship').fill('Friend');
  await contact.getByLabel('Phone').fill('555-0100');
  await contact.getByRole('button', { name: 'Save' }).click();
  await contact.getByText('Done').waitFor();
  await page.getByTestId('pharmacy-form').getByRole('button', { name: 'Skip' }).click();
  await page.getByTestId('pharmacy-form').getByText('Skipped').waitFor();
  const history = page.getByTestId('history-form');
  await history.getByLabel('Allergies').fill('Penicillin');
  await history.getByRole('button', { name: 'Save' }).click();
  await history.getByText('Done').waitFor();
  await row
    .getByTestId('summary-information')
    .filter({ hasText: '3/3' })
    .waitFor({ timeout: 10_000 });
  await expectAccessible(page);
  await shoot(page, 'digital-check-in-information');

  // "I have arrived": the patient waits; staff are told, see the wait and the details.
  await page.getByRole('button', { name: 'I have arrived' }).click();
  await page.getByTestId('waiting-for-entry').waitFor();
  await staffPage
    .getByTestId('arrival-notice')
    .filter({ hasText: 'Ada Lovelace has arrived and is waiting to come in.' })
    .waitFor({ timeout: 10_000 });
  await row.getByTestId('summary-awaiting').waitFor();
  await row.getByRole('button', { name: 'Check-in details of Ada Lovelace' }).click();
  const details = staffPage.getByTestId('check-in-details');
  await details.getByText('Charles Babbage (Friend) · 555-0100').waitFor();
  await details.getByText('Penicillin').waitFor();
  // The practice says what else is due: the patient's copay step shows it, live.
  await details.getByLabel('Outstanding balance').fill('40');
  await details.getByRole('button', { name: 'Save charges' }).click();
  await staffPage.getByText('Charges saved.').waitFor();
  await expectAccessible(staffPage);
  await shoot(staffPage, 'digital-check-in-details', async () => undefined);
  await staffPage.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await staffPage.getByRole('dialog').waitFor({ state: 'detached' });
  // The arrival notice stays until someone dismisses it.
  expect(await staffPage.getByTestId('arrival-notice').count()).toBe(1);
  const amounts = page.getByTestId('amounts-due');
  await amounts.getByText('Outstanding balance').waitFor({ timeout: 10_000 });
  await page.getByText('Copay due: $40.00').waitFor();
  await page.getByLabel('Amount to pay').waitFor();
  await expectAccessible(page);
  await shoot(page, 'digital-check-in-balance');
  await expectAccessible(staffPage);
  await shoot(staffPage, 'digital-check-in-summary-waiting');

  // Staff let the patient in: the patient's page says the provider's words, live.
  await row.getByRole('button', { name: 'Ready for patient: Ada Lovelace' }).click();
  await page.getByTestId('ready-text').filter({ hasText: 'Room 3 is ready for you.' }).waitFor({
    timeout: 10_000,
  });
  await row.getByText('Told to come in').waitFor({ timeout: 10_000 });
  await expectAccessible(page);
  await shoot(page, 'digital-check-in-ready');
}, 180_000);

/** The booking wizard for a slot with the reason given, up to its Book Appointment. */
async function bookInWizard(page: Page, calendarId: string, start: string, mobile: string) {
  await page.goto(`${app.url}/booking?calendar=${calendarId}&start=${encodeURIComponent(start)}`);
  await page.getByTestId('stage-title').filter({ hasText: 'Patient' }).waitFor();
  await page.getByLabel('Reason for visit (optional)').fill('Check-up');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('stage-title').filter({ hasText: 'Verify phone' }).waitFor();
  await page.getByLabel('Mobile number').fill(mobile);
  await page.keyboard.press('Enter');
  await page.getByTestId('sms-code').waitFor();
  await page.keyboard.type(await smsCode(app, mobile));
  await page.keyboard.press('Enter');
  await page.getByTestId('stage-title').filter({ hasText: 'Review' }).waitFor();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
}

it("the booked popup's digital flow goes to the vendor's check-in address once it has the appointment; without that word for 60 s it gives up", async () => {
  const practice = await createPractice(app);
  const { calendarId, slotsFrom } = await allDayCalendar(practice);
  await enableCheckIn(practice, {});
  const [first, second] = await slotsFrom(10);

  const patient = await createUser(app, 'Patient', null, { first: 'Rosa', last: 'Parks' });
  const page = await signedIn(patient, '/dashboard/patient');
  const handed = page.waitForResponse((r) => r.url().endsWith('/digital-check-in/vendor'));
  await bookInWizard(page, calendarId, first!.start_date, '5557654321');
  await page.getByText("Let's get you checked in...").waitFor();
  expect((await handed).status()).toBe(202);
  // The local vendor's page leads into the patient's own check-in.
  await page.waitForURL('**/patient/copay-payment?aptId=*', { timeout: 20_000 });
  await page.getByRole('button', { name: 'I have arrived' }).waitFor();

  // The vendor never answers here: after 60 s the popup gives up and closes to the dashboard.
  const other = await createUser(app, 'Patient', null, { first: 'Mae', last: 'Jemison' });
  const late = await signedIn(other, '/dashboard/patient');
  await late.clock.install();
  await late.route('**/digital-check-in/vendor', (route) => route.abort());
  await bookInWizard(late, calendarId, second!.start_date, '5557654322');
  await late.getByText("Let's get you checked in...").waitFor();
  const opened = Date.now();
  await expectAccessible(late);
  await shoot(late, 'digital-check-in-popup', async () => undefined);
  // The page's time stands still from here: it moves only as far as the test says (to 58 s
  // after the popup opened, then past its 60 s).
  await late.clock.pauseAt(new Date(Date.now() + 500));
  await late.clock.fastForward(Math.max(0, 58_000 - (Date.now() - opened)));
  expect(await late.getByText("Let's get you checked in...").count()).toBe(1);
  await late.clock.fastForward(3_000);
  await late.getByTestId('toast').filter({ hasText: 'Unable to check-in at the moment' }).waitFor();
  await late.waitForURL('**/dashboard/patient');
}, 180_000);
