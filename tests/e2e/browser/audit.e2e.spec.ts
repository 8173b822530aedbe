import { readFile } from 'node:fs/promises';
import type { BookingResult } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser } from '../../support/accounts';
import { browserSuite, shoot, signIn, expectAccessible } from '../../support/browser';
import { createCalendar, createPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

it("shows the practice's audit trail with filters and export, and each appointment's timeline", async () => {
  const practice = await createPractice(app);
  const { calendarId } = await createCalendar(app, practice, { name: 'Dr. Trail' });
  const changed = await call(
    app,
    'PUT',
    `/api/v1/calendars/${calendarId}`,
    { booking_capacity: 2 },
    practice.admin.auth,
  );
  expect(changed.status).toBe(200);
  const patient = await createUser(app, 'Patient', null, { first: 'Iris', last: 'Novak' });
  const slot = await tomorrowsSlot(
    app,
    calendarId,
    (changed.body.data as { position: number }).position,
  );
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  const appointmentId = (booked.body.data as BookingResult).appointment_id;
  const confirmed = await call(
    app,
    'PUT',
    `/api/v1/appointments/${appointmentId}/status`,
    { status: 'Confirmed' },
    practice.staff.auth,
  );
  expect(confirmed.status).toBe(200);

  // The admin's trail: who did what, newest first, with before and after.
  const admin = await browser.open();
  await signIn(admin, app, practice.admin, '/practice-admin/dashboard');
  await admin.goto(`${app.url}/practice-admin/audit`);
  const list = admin.getByTestId('audit-list');
  await list.getByText('Changed the status from Scheduled to Confirmed').waitFor();
  await list.getByText('status: Scheduled → Confirmed').waitFor();
  await list.getByText('Changed the capacity of "Dr. Trail" from 1 to 2 per slot').waitFor();
  await list.getByText('booking capacity: 1 → 2').waitFor();
  expect(await list.innerText()).toContain('Test Staff');
  await shoot(admin, 'audit-trail');
  await expectAccessible(admin);

  // Filters: calendars only, then one patient.
  await admin.getByLabel('Kind of change').click();
  await admin.getByRole('option', { name: 'Calendars' }).click();
  await list.getByText(/Changed the capacity of "Dr\. Trail"/).waitFor();
  await onlyKind(admin, 'calendar');
  await admin.getByRole('button', { name: 'Clear filters' }).click();
  await admin
    .getByRole('button', { name: 'Patient: Iris Novak, show only this patient' })
    .first()
    .click();
  await admin.getByTestId('patient-filter').waitFor();
  // The list is marked busy from the filter's change until its first page has arrived.
  await admin.locator('[data-testid="audit-list"][aria-busy="false"]').waitFor();
  const lines = await list.getByTestId('audit-summary').allInnerTexts();
  expect(lines.length).toBeGreaterThan(0);
  expect(lines).toContain('Changed the status from Scheduled to Confirmed');
  expect(lines.some((line) => line.startsWith('Changed the capacity'))).toBe(false);

  // The filtered trail as a CSV file.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('when,who,role');
  expect(csv).toContain('Changed the status from Scheduled to Confirmed');

  // The admin's list: the appointment's timeline, oldest first.
  await admin.goto(`${app.url}/practice-admin/dashboard`);
  await admin.getByRole('button', { name: "History of Iris Novak's appointment" }).first().click();
  const timeline = admin.getByTestId('timeline');
  await timeline.getByText('Changed the status from Scheduled to Confirmed').waitFor();
  const steps = await timeline.getByTestId('audit-summary').allInnerTexts();
  expect(steps[0]).toMatch(/^Booked/);
  await admin.getByRole('button', { name: 'Close' }).click();

  // The patient sees their appointment's timeline, without where the changes came from.
  const patientPage = await browser.open();
  await signIn(patientPage, app, patient, '/dashboard/patient');
  await patientPage
    .locator(`[data-appointment-id="${appointmentId}"]`)
    .getByTestId('appointment-history')
    .click();
  const own = patientPage.getByTestId('timeline');
  await own.getByText('Changed the status from Scheduled to Confirmed').waitFor();
  expect(await own.innerText()).not.toContain('From ');
  await shoot(patientPage, 'audit-timeline-patient', async () => {
    await own.waitFor();
  });
  await expectAccessible(patientPage);
}, 90_000);

/** Waits until every line shown is of this kind (the filtered page has replaced the other). */
async function onlyKind(page: Page, kind: string): Promise<void> {
  const others = page.locator(`[data-testid="audit-entry"]:not([data-kind="${kind}"])`);
  const deadline = Date.now() + 10_000;
  while ((await others.count()) > 0) {
    if (Date.now() > deadline) throw new Error(`lines of other kinds than ${kind} remain`);
    await page.waitForTimeout(100);
  }
}
