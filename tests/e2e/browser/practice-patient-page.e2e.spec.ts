import {
  PATIENT_DETAILS_MESSAGES,
  type BookingResult,
  type PatientDetailsView,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import {
  browserSuite,
  expectAccessible,
  markDocument,
  shoot,
  signIn,
  untilTrue,
} from '../../support/browser';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let clinic: { calendarId: string; position: number };
/** A patient who booked with the practice: the page's patient. */
let june: TestUser;
let firstVisit: BookingResult;
/** Its start, as the slot offered it. */
let firstStart: string;
/** A patient of another practice only: the practice may not see them. */
let stranger: TestUser;
const browser = browserSuite();

async function book(calendarId: string, start: string, patient: TestUser): Promise<BookingResult> {
  const response = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: start },
    patient.auth,
  );
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  return response.body.data as BookingResult;
}

async function signedIn(user: TestUser): Promise<Page> {
  const page = await browser.open({ width: 1280, height: 900 });
  await signIn(page, app, user);
  return page;
}

/** The whole page from its top. */
async function shootTop(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, name);
}

beforeAll(async () => {
  app = await startTestApp({ config: { accountLookupMinMs: 0 } });
  practice = await createPractice(app);
  clinic = await createCalendar(app, practice, { name: 'Dr. Priya Raman' });
  june = await createUser(app, 'Patient', null, { first: 'June', last: 'Carter' });
  const slot = await tomorrowsSlot(app, clinic.calendarId, clinic.position, 4);
  firstStart = slot.start_date;
  firstVisit = await book(clinic.calendarId, firstStart, june);

  const elsewhere = await createPractice(app);
  const theirs = await createCalendar(app, elsewhere, { name: 'Dr. Elsewhere' });
  stranger = await createUser(app, 'Patient', null, { first: 'Stan', last: 'Ranger' });
  const theirSlot = await tomorrowsSlot(app, theirs.calendarId, theirs.position, 2);
  await book(theirs.calendarId, theirSlot.start_date, stranger);
});

afterAll(async () => {
  await app.close();
});

it('staff open a patient from the appointment list: details, visits live, an edit through the dialog, a visit’s detail', async () => {
  const page = await signedIn(practice.staff);
  await page.goto(`${app.url}/dashboard/practice-staff`);
  const link = page
    .locator(`[data-testid="appointment-row"][data-appointment="${firstVisit.appointment_id}"]`)
    .getByTestId('appointment-patient-link');
  await link.waitFor();
  expect(await link.getAttribute('aria-label')).toBe('Open patient June Carter');
  await link.click();
  await page.waitForURL(`**/practice/patients/${june.userId}`);

  // The header card: who they are, and nothing on file said so.
  const card = page.getByTestId('patient-card');
  await card.waitFor();
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('June Carter');
  expect(await page.getByTestId('patient-email').innerText()).toBe(june.email);
  expect(await page.getByTestId('patient-mobile').innerText()).toBe('Not on file');
  // Staff do not read the audit trail.
  expect(await page.getByTestId('patient-audit-link').count()).toBe(0);

  // The visit booked, among the upcoming ones; none past.
  const upcoming = page.getByTestId('patient-visits-upcoming');
  const visit = upcoming.locator(`[data-appointment="${firstVisit.appointment_id}"]`);
  await visit.waitFor();
  // The provider's name as the practice's directory has it.
  expect(await visit.innerText()).toContain('Test Provider');
  expect(await visit.innerText()).toContain('Scheduled');
  expect(await page.getByTestId('patient-visits-past').innerText()).toContain('No past visits.');
  await page.getByTestId('patient-visits-connection').filter({ hasText: 'Live' }).waitFor();

  // A new booking for the patient appears without a reload.
  const sameDocument = await markDocument(page);
  const later = await tomorrowsSlot(app, clinic.calendarId, clinic.position, 8);
  const second = await book(clinic.calendarId, later.start_date, june);
  await upcoming
    .locator(`[data-appointment="${second.appointment_id}"]`)
    .waitFor({ timeout: 20_000 });
  expect(await upcoming.getByTestId('patient-visit').count()).toBe(2);
  await sameDocument();

  // Edit details: the shared dialog; the card follows the save.
  await page.getByTestId('patient-edit').click();
  const field = page.getByTestId('patient-details-dialog-mobile_number');
  await field.waitFor();
  await field.fill('5550104477');
  await page.getByTestId('patient-details-dialog-birth_date').fill('02/04/1985');
  await page.getByTestId('patient-details-dialog-zip_code').fill('37660');
  await page.getByTestId('patient-details-dialog-save').click();
  await page.getByTestId('patient-details-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('patient-mobile').filter({ hasText: '(555) 010-4477' }).waitFor();
  await page.getByText(PATIENT_DETAILS_MESSAGES.saved).first().waitFor();
  const age = Math.floor(DateTime.now().diff(DateTime.fromISO('1985-02-04'), 'years').years);
  expect(await page.getByTestId('patient-birth-date').innerText()).toContain('Feb 4, 1985');
  expect(await page.getByTestId('patient-age').innerText()).toBe(`${age} years old`);
  expect(await page.getByTestId('patient-zip').innerText()).toBe('37660');
  await sameDocument();
  await expectAccessible(page);
  await shootTop(page, 'practice-patient-page');
  const stored = await call(
    app,
    'GET',
    `/api/v1/patients/${june.userId}`,
    undefined,
    practice.staff.auth,
  );
  expect((stored.body.data as PatientDetailsView).mobile_number).toBe('5550104477');

  // The visit's detail: the schedule's drawer, with its status actions and the patient's phone.
  await visit.click();
  const drawer = page.getByTestId('appointment-drawer');
  await drawer.getByTestId('drawer-details').waitFor();
  expect(await drawer.getByRole('heading', { level: 2 }).first().innerText()).toBe('June Carter');
  expect(await drawer.getByTestId('drawer-patient-link').count()).toBe(0);
  expect(await drawer.innerText()).toContain('(555) 010-4477');
  expect(page.url()).toContain(`appointment=${firstVisit.appointment_id}`);
  await expectAccessible(page);
  await shoot(page, 'practice-patient-visit', async () => {
    await drawer.getByTestId('drawer-details').waitFor();
  });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await untilTrue(page, "!location.search.includes('appointment=')");
}, 120_000);

it('the desk opens a found patient; an admin follows the audit link; another practice’s patient is refused', async () => {
  // From the desk's search: "Open patient" beside "Edit details"; the arrow keys still work.
  const desk = await signedIn(practice.staff);
  const free = await tomorrowsSlot(app, clinic.calendarId, clinic.position, 12);
  await desk.goto(
    `${app.url}/practice/book?calendar_id=${clinic.calendarId}&start=${encodeURIComponent(free.start_date)}`,
  );
  await desk.getByTestId('patient-search').fill('Carter');
  const result = desk.getByTestId('patient-result').filter({ hasText: 'June Carter' });
  await result.waitFor();
  await desk.getByTestId('patient-search').press('ArrowDown');
  await untilTrue(desk, "document.activeElement?.dataset.testid === 'patient-result'");
  await expectAccessible(desk);
  await shoot(desk, 'practice-patient-finder');
  const open = desk.getByRole('link', { name: 'Open patient June Carter' });
  await open.click();
  await desk.waitForURL(`**/practice/patients/${june.userId}`);
  await desk.getByTestId('patient-card').waitFor();

  // Another practice's patient: the page says why, and stays up.
  await desk.goto(`${app.url}/practice/patients/${stranger.userId}`);
  const refused = desk.getByTestId('patient-page-error');
  await refused.waitFor();
  expect(await refused.innerText()).toContain('You cannot see this patient');
  await expectAccessible(desk);
  await shootTop(desk, 'practice-patient-forbidden');

  // An admin: the schedule's drawer links the patient, the page links the audit trail.
  const admin = await signedIn(practice.admin);
  const day = DateTime.fromISO(firstStart).setZone('America/New_York').toISODate()!;
  await admin.goto(
    `${app.url}/practice/schedule?date=${day}&appointment=${firstVisit.appointment_id}`,
  );
  const patientLink = admin.getByTestId('drawer-patient-link');
  await patientLink.waitFor();
  await patientLink.click();
  await admin.waitForURL(`**/practice/patients/${june.userId}`);
  const audit = admin.getByTestId('patient-audit-link');
  await audit.waitFor();
  expect(await audit.getAttribute('aria-label')).toBe('View audit history of June Carter');
  await expectAccessible(admin);
  await shootTop(admin, 'practice-patient-admin');
  await audit.click();
  await admin.waitForURL(`**/practice-admin/audit?patient_id=${june.userId}`);
  await admin.getByTestId('patient-filter').filter({ hasText: 'June Carter' }).waitFor();
  await admin.getByTestId('audit-list').locator('li').first().waitFor();
}, 120_000);
