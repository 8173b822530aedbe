import type { AuditPage, BookingResult, PatientSearchResult } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn, untilTrue } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
/** A regular calendar with visit reasons, and one whose bookings wait to be accepted. */
let clinic: { calendarId: string; position: number };
let requests: { calendarId: string; position: number };
/** A patient who booked with the practice before: the desk finds them. */
let marcus: TestUser;
const browser = browserSuite();

async function deskPage(): Promise<Page> {
  const page = await browser.open();
  await signIn(page, app, practice.staff);
  return page;
}

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

async function appointment(id: string): Promise<Record<string, unknown>> {
  const response = await call(
    app,
    'GET',
    `/api/v1/appointments/${id}`,
    undefined,
    practice.staff.auth,
  );
  if (response.status !== 200) throw new Error(`appointment: ${JSON.stringify(response.body)}`);
  return response.body.data as Record<string, unknown>;
}

/** The practice's patients named so, as the desk's search answers (read from the API). */
async function patientsNamed(q: string, position = 0) {
  const min = position ? `&min_position=${position}` : '';
  const response = await call(
    app,
    'GET',
    `/api/v1/practices/${practice.practiceId}/patients?q=${encodeURIComponent(q)}${min}`,
    undefined,
    practice.staff.auth,
  );
  return (response.body.data as PatientSearchResult).patients;
}

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  clinic = await createCalendar(app, practice, {
    name: 'Dr. Priya Raman',
    reasons: ['Annual physical', 'Sore throat', 'Follow-up'],
  });
  requests = await createCalendar(app, practice, {
    name: 'Dr. Priya Raman (requests)',
    accept_reject_enabled: true,
  });
  marcus = await createUser(app, 'Patient', null, { first: 'Marcus', last: 'Bellamy' });
  const earlier = await tomorrowsSlot(app, clinic.calendarId, clinic.position, 10);
  await book(clinic.calendarId, earlier.start_date, marcus);
});

afterAll(async () => {
  await app.close();
});

it('finds an existing patient from a free slot and books them by keyboard, as made by the desk', async () => {
  const slot = await tomorrowsSlot(app, clinic.calendarId, clinic.position, 2);
  const page = await deskPage();
  await page.goto(
    `${app.url}/practice/book?calendar_id=${clinic.calendarId}&start=${encodeURIComponent(slot.start_date)}`,
  );
  await page.getByTestId('booking-time').waitFor();
  expect(await page.getByTestId('booking-time').innerText()).toContain('Dr. Priya Raman');

  // The search box has the focus: type, arrow down to the result, Enter.
  const search = page.getByTestId('patient-search');
  await search.waitFor();
  expect(await page.evaluate('document.activeElement?.dataset.testid')).toBe('patient-search');
  await page.keyboard.type('bellamy');
  const result = page.getByTestId('patient-result').filter({ hasText: 'Marcus Bellamy' });
  await result.waitFor();
  await expectAccessible(page);
  await shoot(page, 'front-desk-find-patient');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  // The slot is held for the patient while the desk fills in the visit.
  await page.getByTestId('chosen-patient').filter({ hasText: 'Marcus Bellamy' }).waitFor();
  await page.getByTestId('hold-countdown').filter({ hasText: 'Held for' }).waitFor();
  await page.getByTestId('visit-reason').waitFor();
  await page.getByLabel('Visit reason').click();
  await page.getByRole('option', { name: 'Sore throat' }).click();
  // The menu fades out: axe would read its items half transparent.
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await page.getByTestId('visit-details').fill('Since Monday, no fever');
  await expectAccessible(page);
  await shoot(page, 'front-desk-visit');
  await page.getByRole('button', { name: 'Book appointment' }).click();

  const booked = page.getByTestId('desk-booked');
  await booked.waitFor();
  expect(await booked.innerText()).toContain('Appointment booked successfully.');
  expect(await booked.innerText()).toContain('Marcus Bellamy');
  expect(await booked.getByRole('link', { name: 'Back to schedule' }).getAttribute('href')).toBe(
    '/practice/schedule',
  );
  await expectAccessible(page);
  await shoot(page, 'front-desk-booked');

  const mine = await call(
    app,
    'GET',
    `/api/v1/practices/${practice.practiceId}/audit?patient_id=${marcus.userId}`,
    undefined,
    practice.admin.auth,
  );
  const lines = (mine.body.data as AuditPage).entries;
  const made = lines.find(
    (l) => l.event_type === 'AppointmentBooked' && l.actor.id === practice.staff.userId,
  );
  expect(made?.actor.on_behalf_of).toBe(marcus.userId);
  const details = await appointment(made!.appointment_id!);
  expect(details).toMatchObject({
    patient_id: marcus.userId,
    booked_by: practice.staff.userId,
    reason: 'Sore throat — Since Monday, no fever',
    status: 'Scheduled',
  });
}, 120_000);

it('registers a new patient at the desk and books a slot picked on the page', async () => {
  const page = await deskPage();
  await page.goto(`${app.url}/practice/book`);
  await page.getByTestId('calendar-select').waitFor({ state: 'attached' });
  await page.getByLabel('Calendar').click();
  await page.getByRole('option', { name: 'Dr. Priya Raman · Office' }).click();
  // The menu fades out: axe would read its items half transparent.
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  const grid = page.getByTestId('slot-grid');
  await grid.waitFor();
  await expectAccessible(page);
  await shoot(page, 'front-desk-pick-slot');
  await page.getByRole('button', { name: 'Later days' }).click();
  await grid.getByRole('button').filter({ hasText: '10:00 AM' }).first().click();

  await page.getByTestId('patient-search').fill('Rosa Delgado');
  await page.getByTestId('no-patients').waitFor();
  await page.getByRole('button', { name: 'New patient' }).click();
  const form = page.getByTestId('new-patient-form');
  await form.waitFor();
  expect(await page.getByLabel('First name').inputValue()).toBe('Rosa');
  expect(await page.getByLabel('Last name').inputValue()).toBe('Delgado');
  // The API's rules, before a round trip: a birth date in the future is refused.
  await page.getByLabel('Birth date').fill('2999-01-01');
  await page.getByLabel('Mobile phone').fill('(555) 201-7788');
  await form.getByRole('button', { name: 'Register patient' }).click();
  await form.getByText('Invalid').first().waitFor();
  await page.getByLabel('Birth date').fill('1984-03-09');
  await expectAccessible(page);
  await shoot(page, 'front-desk-new-patient');
  await form.getByRole('button', { name: 'Register patient' }).click();

  await page.getByTestId('chosen-patient').filter({ hasText: 'Rosa Delgado' }).waitFor();
  await page.getByTestId('hold-countdown').waitFor();
  await page.getByRole('button', { name: 'Book appointment' }).click();
  await page
    .getByTestId('desk-booked')
    .filter({ hasText: 'Appointment booked successfully.' })
    .waitFor();

  const [rosa] = await patientsNamed('Rosa Delgado 3/9/1984');
  expect(rosa).toMatchObject({ mobile_number: '(555) 201-7788', known_to_practice: true });
}, 120_000);

it('books a Pending request on an accept/reject calendar', async () => {
  const slot = await tomorrowsSlot(app, requests.calendarId, requests.position, 4);
  const page = await deskPage();
  await page.goto(
    `${app.url}/practice/book?calendar_id=${requests.calendarId}&start=${encodeURIComponent(slot.start_date)}`,
  );
  await page.getByTestId('patient-search').fill('Marcus Bel');
  await page.getByTestId('patient-result').filter({ hasText: 'Marcus Bellamy' }).click();
  await page.getByTestId('hold-countdown').waitFor();
  await page.getByTestId('visit-details').fill('Knee pain');
  await page.getByRole('button', { name: 'Book appointment' }).click();
  const booked = page.getByTestId('desk-booked');
  await booked.filter({ hasText: 'Appointment request sent!' }).waitFor();
  expect(await booked.innerText()).toContain('Pending');
  await expectAccessible(page);
  await shoot(page, 'front-desk-pending');
}, 120_000);

it('offers the waiting list when the slot is taken before the desk holds it', async () => {
  const full = await createCalendar(app, practice, {
    name: 'Dr. Priya Raman (waitlist)',
    wait_list_enabled: true,
  });
  const slot = await tomorrowsSlot(app, full.calendarId, full.position, 6);
  await book(full.calendarId, slot.start_date, await createUser(app, 'Patient'));
  const page = await deskPage();
  await page.goto(
    `${app.url}/practice/book?calendar_id=${full.calendarId}&start=${encodeURIComponent(slot.start_date)}`,
  );
  await page.getByTestId('patient-search').fill('Bellamy');
  await page.getByTestId('patient-result').first().click();
  const taken = page.getByTestId('desk-booking-error');
  await taken.filter({ hasText: 'no longer available' }).waitFor();
  await expectAccessible(page);
  await shoot(page, 'front-desk-slot-taken');
  await taken.getByRole('button', { name: 'Add to waiting list' }).click();
  await page.getByTestId('desk-waitlisted').waitFor();
}, 120_000);

it('adds walk-ins from the queue board, an existing patient and a new one, and they join the line', async () => {
  const page = await deskPage();
  const searchFocused = () =>
    untilTrue(page, "document.activeElement?.dataset.testid === 'patient-search'");
  await page.goto(`${app.url}/walk-in-queue`);
  await page.getByTestId('queue-connection').filter({ hasText: 'Live' }).waitFor();

  await page.getByRole('button', { name: 'Add walk-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add walk-in' });
  await dialog.waitFor();
  // The search box takes the focus as the dialog opens (keys typed before that would be lost).
  await searchFocused();
  await page.keyboard.type('Bellamy');
  await dialog.getByTestId('patient-result').filter({ hasText: 'Marcus Bellamy' }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await dialog.getByTestId('walk-in-patient').waitFor();
  await page.getByLabel('Provider').click();
  await page.getByRole('option', { name: 'Dr. Priya Raman', exact: true }).click();
  // The menu fades out: axe would read its items half transparent.
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await dialog.getByTestId('visit-details').fill('Cut on the hand');
  await expectAccessible(page);
  await shoot(page, 'front-desk-walk-in-dialog', async () => undefined);
  await dialog.getByRole('button', { name: 'Add to queue' }).click();
  await dialog.waitFor({ state: 'detached' });
  const line = page.getByTestId('waiting-line').getByTestId('queue-entry');
  await line.filter({ hasText: 'Marcus Bellamy' }).waitFor({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Add walk-in' }).click();
  await dialog.waitFor();
  await searchFocused();
  await page.keyboard.type('Nadia Okafor');
  await dialog.getByTestId('no-patients').waitFor();
  await dialog.getByRole('button', { name: 'New patient' }).click();
  await page.getByLabel('Birth date').fill('1999-07-21');
  await page.getByLabel('Mobile phone').fill('555 443 0912');
  await dialog.getByRole('button', { name: 'Register patient' }).click();
  await dialog.getByTestId('walk-in-patient').filter({ hasText: 'Nadia Okafor' }).waitFor();
  await dialog.getByRole('button', { name: 'Add to queue' }).click();
  await dialog.waitFor({ state: 'detached' });
  await line.filter({ hasText: 'Nadia Okafor' }).waitFor({ timeout: 20_000 });
  await expectAccessible(page);
  await shoot(page, 'front-desk-walk-in-board');
}, 120_000);
