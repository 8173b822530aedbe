import { readFile } from 'node:fs/promises';
import type { BookingResult } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let practice: TestPractice;
let patient: TestUser;
const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;

async function slotsOf(calendarId: string, position: number): Promise<string[]> {
  const view = await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
  return view.days.flatMap((d) => d.time_slots.map((s) => s.start_date));
}

async function book(calendarId: string, start: string): Promise<BookingResult> {
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: calendarId, start_date: start });
  if (booked.status !== 201) throw new Error(`booking: ${JSON.stringify(booked.body)}`);
  return booked.body.data as BookingResult;
}

let scheduledStart: string;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  patient = await createUser(app, 'Patient', null, { first: 'Nia', last: 'Cole' });
  const office = await createCalendar(app, practice, { booking_capacity: 2 });
  const requests = await createCalendar(app, practice, {
    accept_reject_enabled: true,
    booking_capacity: 2,
  });
  const officeSlots = await slotsOf(office.calendarId, office.position);
  const requestSlots = await slotsOf(requests.calendarId, requests.position);
  scheduledStart = officeSlots[2]!;
  await book(office.calendarId, scheduledStart);
  const toCancel = await book(office.calendarId, officeSlots[4]!);
  const canceled = await app.api
    .as(patient)
    .delete(`/api/v1/appointments/${toCancel.appointment_id}`, { reason: 'Feeling better' });
  expect(canceled.status).toBe(200);
  const pending = await book(requests.calendarId, requestSlots[3]!);
  expect(pending.status).toBe('Pending');
  const toReject = await book(requests.calendarId, requestSlots[5]!);
  const rejected = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${toReject.appointment_id}/status`, {
      status: 'Rejected',
      reason: 'Dr Test is away that week',
    });
  expect(rejected.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app.close();
});

const cards = (page: Page, section: string) =>
  page.getByTestId(section).getByTestId('appointment-card');

it('shows upcoming visits with the address, directions and a calendar file, and called-off ones apart with their reason', async () => {
  const page = await browser.open();
  await signIn(page, app, patient, '/dashboard/patient');
  await cards(page, 'called-off').nth(1).waitFor();

  // Upcoming: the scheduled visit and the pending request, soonest first.
  const upcoming = cards(page, 'upcoming');
  expect(await upcoming.count()).toBe(2);
  expect(await upcoming.getByTestId('status').allInnerTexts()).toEqual(['Scheduled', 'Pending']);
  const first = upcoming.first();
  expect(await first.getByTestId('appointment-place').innerText()).toContain(
    '1 Main St, New York, NY 10001',
  );
  expect(await first.getByTestId('appointment-place').innerText()).toContain('Test Clinic');
  expect(await first.getByTestId('directions').getAttribute('href')).toBe(
    'https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20New%20York%2C%20NY%2010001',
  );
  expect(await first.getByTestId('directions').getAttribute('target')).toBe('_blank');

  // Add to calendar: an .ics file with the visit's UTC times and place.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByTestId('add-to-calendar').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^appointment-.+\.ics$/);
  const ics = await readFile(await download.path(), 'utf8');
  const utc = (iso: string) => DateTime.fromISO(iso).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
  expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
  expect(ics).toContain(`\r\nDTSTART:${utc(scheduledStart)}\r\n`);
  expect(ics.replace(/\r\n /g, '')).toContain(
    'LOCATION:Test Clinic\\, 1 Main St\\, New York\\, NY 10001',
  );
  expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);

  // Called off: the cancel and the rejection, each with its reason, not among the past.
  const calledOff = cards(page, 'called-off');
  expect(await calledOff.count()).toBe(2);
  expect(await calledOff.getByTestId('cancel-reason').innerText()).toBe('Canceled: Feeling better');
  expect(await calledOff.getByTestId('rejection-reason').innerText()).toBe(
    'The practice declined this request: Dr Test is away that week',
  );
  expect(await calledOff.getByTestId('add-to-calendar').count()).toBe(0);
  expect(await cards(page, 'past').count()).toBe(0);

  // The orange Pending chip and the rest of the page: no serious or critical axe finding.
  await expectAccessible(page);
  await shoot(page, 'patient-dashboard');
}, 60_000);

it('shows the reschedule dialog’s times whole at 375 px', async () => {
  const page = await browser.open({ width: 375, height: 800 });
  await signIn(page, app, patient, '/dashboard/patient');
  await cards(page, 'upcoming')
    .first()
    .getByRole('button', { name: /^Reschedule/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('button[value]').first().waitFor();
  // No slot button's label is cut: none is wider inside than its box.
  const cut = await page.evaluate<string[]>(`Array.from(
    document.querySelectorAll('[role="dialog"] button[value]'))
      .filter((b) => b.scrollWidth > b.clientWidth + 1)
      .map((b) => b.textContent)`);
  expect(await dialog.locator('button[value]').count()).toBeGreaterThan(4);
  expect(cut).toEqual([]);
  await expectAccessible(page);
  await shoot(page, 'reschedule-dialog', () => page.waitForTimeout(300));
}, 60_000);

it('the home page passes axe (the avatars and chips at 4.5:1)', async () => {
  const page = await browser.open();
  await page.goto(app.url);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expectAccessible(page);
  await shoot(page, 'home-contrast');
}, 60_000);

it('after the reconnect schedule runs out, says live updates are paused and reconnects on request', async () => {
  const page = await browser.open();
  let blocked = true;
  await page.routeWebSocket(/socket\.io/, (ws) => {
    if (blocked) void ws.close();
    else ws.connectToServer();
  });
  await page.route('**/socket.io/**', (route) => (blocked ? route.abort() : route.continue()));
  // The page's own clock: the schedule's 42 s run in an instant.
  await page.clock.install();
  await signIn(page, app, patient, '/dashboard/patient');
  await cards(page, 'upcoming').first().waitFor();
  const paused = page.getByTestId('live-paused');
  expect(await paused.count()).toBe(0);
  // Fake seconds one at a time, each failed attempt given real time to come back: the schedule
  // (0, 2, 10, 30 s) cannot run out before 42 s, and then stops.
  let elapsed = 0;
  while ((await paused.count()) === 0 && elapsed < 120_000) {
    await page.clock.runFor(1000);
    elapsed += 1000;
    await page.waitForTimeout(25);
  }
  expect(elapsed).toBeGreaterThanOrEqual(42_000);
  await paused.waitFor();
  expect(await paused.innerText()).toContain('Live updates are paused');
  await expectAccessible(page);
  await shoot(page, 'live-paused');

  blocked = false;
  await page.getByTestId('live-reconnect').click();
  await paused.waitFor({ state: 'detached' });
}, 90_000);
