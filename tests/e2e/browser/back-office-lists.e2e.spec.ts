import type { BookingResult, OutboxMessageView } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, get, type TestUser } from '../../support/accounts';
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
const browser = browserSuite();
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
});

afterAll(async () => {
  await app.close();
});

async function join(user: TestUser, calendarId: string): Promise<void> {
  const joined = await call(
    app,
    'POST',
    '/api/v1/waitlist',
    { calendar_id: calendarId },
    user.auth,
  );
  expect(joined.status).toBe(201);
}

async function request(calendarId: string, start: string, user: TestUser): Promise<BookingResult> {
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: start },
    user.auth,
  );
  expect(booked.status).toBe(201);
  return booked.body.data as BookingResult;
}

it("lets staff offer a free slot to the patient they choose and take someone off a calendar's list, live", async () => {
  const { calendarId } = await createCalendar(app, practice, {
    name: 'Dr. Maya Chen',
    wait_list_enabled: true,
  });
  const ann = await createUser(app, 'Patient', null, { first: 'Ann', last: 'Lee' });
  const ben = await createUser(app, 'Patient', null, { first: 'Ben', last: 'Ortiz' });
  await join(ann, calendarId);
  await join(ben, calendarId);

  const desk = await browser.open();
  await signIn(desk, app, practice.staff);
  await desk.goto(`${app.url}/practice/waitlists`);
  const line = desk.locator(`[data-testid="waitlist-line"][data-calendar="${calendarId}"]`);
  const entries = line.getByTestId('waitlist-entry');
  await entries.nth(1).waitFor();
  expect(await entries.allInnerTexts()).toEqual([
    expect.stringMatching(/^1\s+Ann Lee/),
    expect.stringMatching(/^2\s+Ben Ortiz/),
  ]);

  // Someone joining elsewhere appears without a reload.
  const sameDocument = await markDocument(desk);
  const cy = await createUser(app, 'Patient', null, { first: 'Cy', last: 'Park' });
  await join(cy, calendarId);
  await line.getByText('Cy Park').waitFor({ timeout: 20_000 });
  await sameDocument();
  await expectAccessible(desk);
  await shoot(desk, 'back-office-waitlists');

  // Ben is second in line; the desk offers him a slot all the same.
  await desk.getByRole('button', { name: 'Offer a slot to Ben Ortiz' }).click();
  const dialog = desk.getByTestId('offer-dialog');
  const slot = dialog.getByTestId('offer-slot').first();
  await slot.waitFor();
  const start = await slot.getAttribute('data-start');
  await slot.click();
  expect(await slot.getAttribute('aria-checked')).toBe('true');
  // "Offer this slot" turns enabled with a 250 ms colour transition: axe measures the colours it
  // finds, so it looks once the transition is over.
  await dialog.locator('button:enabled', { hasText: 'Offer this slot' }).waitFor();
  await desk.waitForTimeout(400);
  await expectAccessible(desk);
  await shoot(desk, 'back-office-offer-dialog', async () => {
    await dialog.getByTestId('offer-slot').first().waitFor();
  });
  await dialog.getByTestId('confirm-offer').click();
  await dialog.waitFor({ state: 'detached' });
  const benRow = line.locator(`[data-testid="waitlist-entry"][data-patient="${ben.userId}"]`);
  await benRow.getByTestId('offer-chip').waitFor({ timeout: 20_000 });
  expect(await benRow.getByTestId('offer-chip').innerText()).toMatch(/^Offered .*, held until /);
  // Ben's own list has the offer, for the slot chosen.
  const bens = await get(app, `/api/v1/waitlist/patients/${ben.userId}`, ben.auth);
  expect((bens.body.data as { offer: { start_date: string } | null }[])[0]?.offer?.start_date).toBe(
    start,
  );

  // Ann watches her own waiting lists (on her dashboard) meanwhile.
  const annPage = await browser.open();
  await signIn(annPage, app, ann, '/dashboard/patient');
  await annPage.getByTestId('waitlist').getByTestId('waitlist-item').first().waitFor();
  const annDocument = await markDocument(annPage);

  // Ann is removed after a confirmation, with a reason; she is told by email.
  await desk.getByRole('button', { name: 'Remove Ann Lee from the waiting list' }).click();
  const remove = desk.getByTestId('remove-dialog');
  await remove.getByText('Remove Ann Lee from the waiting list?').waitFor();
  const reason = 'Booked with another provider at the front desk.';
  await remove.getByTestId('remove-reason').fill(reason);
  await expectAccessible(desk);
  await shoot(desk, 'back-office-remove-dialog', async () => {
    await remove.getByTestId('remove-reason').waitFor();
  });
  await remove.getByTestId('confirm-remove').click();
  await line.getByText('Ann Lee').waitFor({ state: 'detached', timeout: 20_000 });
  expect(await entries.allInnerTexts()).toEqual([
    expect.stringMatching(/^1\s+Ben Ortiz/),
    expect.stringMatching(/^2\s+Cy Park/),
  ]);
  const outbox = (await get(app, '/api/v1/dev/outbox')).body.data as OutboxMessageView[];
  const told = outbox.find((m) => m.recipient === ann.email)?.body;
  expect(told).toMatch(/removed Ann Lee from the waiting list of Dr\. Maya Chen/);
  expect(told).toContain(`Reason: ${reason}`);
  // Her own page loses the list without a reload.
  await annPage
    .getByTestId('waitlist')
    .getByTestId('waitlist-item')
    .waitFor({ state: 'detached', timeout: 20_000 });
  await annDocument();
  await shoot(desk, 'back-office-waitlists-after');
}, 120_000);

it('accepts several requests at once and rejects one with a reason the patient then reads', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Maya Chen (requests)',
    accept_reject_enabled: true,
    booking_capacity: 3,
  });
  const patients = await Promise.all(
    [
      ['Dora', 'Hale'],
      ['Eli', 'Moss'],
      ['Fay', 'Nash'],
    ].map(([first, last]) => createUser(app, 'Patient', null, { first, last })),
  );
  const requests: BookingResult[] = [];
  for (const [i, patient] of patients.entries()) {
    const slot = await tomorrowsSlot(app, calendarId, position, i);
    requests.push(await request(calendarId, slot.start_date, patient));
  }
  const rowOf = (page: Page, r: BookingResult) =>
    page.locator(`[data-testid="appointment-row"][data-appointment="${r.appointment_id}"]`);

  const desk = await browser.open();
  await signIn(desk, app, practice.staff);
  await desk.goto(`${app.url}/dashboard/appointment-requests`);
  await rowOf(desk, requests[2]!).waitFor();
  await expectAccessible(desk);

  // Dora's and Eli's requests checked and accepted together.
  await rowOf(desk, requests[0]!).getByRole('checkbox').check();
  await rowOf(desk, requests[1]!).getByRole('checkbox').check();
  await desk.getByText('2 selected').waitFor();
  await shoot(desk, 'back-office-requests-selected');
  await desk.getByTestId('accept-selected').click();
  await desk.getByText('2 requests accepted.').waitFor();
  await rowOf(desk, requests[0]!).waitFor({ state: 'detached', timeout: 20_000 });
  await rowOf(desk, requests[1]!).waitFor({ state: 'detached', timeout: 20_000 });

  // Fay's is rejected: the dialog asks for a reason first.
  await desk.getByRole('button', { name: "Reject Fay Nash's request" }).click();
  const dialog = desk.getByTestId('reject-dialog');
  await dialog.getByRole('heading', { name: "Reject Fay Nash's request?" }).waitFor();
  await dialog.getByTestId('confirm-reject').click();
  await dialog.getByText('Please give the patient a reason for rejecting the request.').waitFor();
  await dialog
    .getByTestId('reject-reason')
    .fill('Dr. Chen is away that week. Please book the week after.');
  await expectAccessible(desk);
  await shoot(desk, 'back-office-reject-dialog', async () => {
    await dialog.getByTestId('reject-reason').waitFor();
  });
  await dialog.getByTestId('confirm-reject').click();
  await desk.getByText('1 request rejected.').waitFor();
  await desk.getByTestId('list-empty').waitFor({ timeout: 20_000 });

  // Fay reads the reason on her appointment.
  const fay = await browser.open();
  await signIn(fay, app, patients[2]!, '/dashboard/patient');
  const card = fay.locator(
    `[data-testid="appointment-card"][data-appointment-id="${requests[2]!.appointment_id}"]`,
  );
  await card.getByTestId('rejection-reason').waitFor({ timeout: 10_000 });
  expect(await card.getByTestId('rejection-reason').innerText()).toContain(
    'Dr. Chen is away that week. Please book the week after.',
  );
  await expectAccessible(fay);
  await shoot(fay, 'back-office-patient-rejected');
}, 120_000);

it('shows which request of a bulk action failed and keeps the others decided', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Maya Chen (bulk)',
    accept_reject_enabled: true,
    booking_capacity: 2,
  });
  const [hal, ida] = await Promise.all(
    [
      ['Hal', 'Ames'],
      ['Ida', 'Burke'],
    ].map(([first, last]) => createUser(app, 'Patient', null, { first, last })),
  );
  const slot = await tomorrowsSlot(app, calendarId, position, 5);
  const halRequest = await request(calendarId, slot.start_date, hal!);
  const idaRequest = await request(calendarId, slot.start_date, ida!);

  // This page hears nothing live (its socket cannot connect), as when a push comes late: a
  // request decided elsewhere is still listed when the desk acts on it.
  const desk = await browser.open();
  await desk.routeWebSocket(/\/socket\.io\//, () => undefined);
  await desk.route('**/socket.io/**', (route) => route.abort());
  await signIn(desk, app, practice.staff);
  await desk.goto(`${app.url}/dashboard/appointment-requests`);
  const row = (r: BookingResult) =>
    desk.locator(`[data-testid="appointment-row"][data-appointment="${r.appointment_id}"]`);
  await row(idaRequest).waitFor();
  await row(halRequest).getByRole('checkbox').check();
  await row(idaRequest).getByRole('checkbox').check();
  const elsewhere = await call(
    app,
    'PUT',
    `/api/v1/appointments/${idaRequest.appointment_id}/status`,
    { status: 'Rejected', reason: 'Booked twice' },
    practice.admin.auth,
  );
  expect(elsewhere.status).toBe(200);

  await desk.getByTestId('accept-selected').click();
  await desk.getByText('1 request accepted.').waitFor();
  const failures = desk.getByTestId('request-failures');
  await failures.waitFor();
  expect(await failures.innerText()).toContain(
    "Could not accept Ida Burke's request: This request is no longer pending: it is Rejected.",
  );
  // Hal's stands; Ida's stays as it was decided elsewhere.
  const appointment = async (id: string) =>
    (await call(app, 'GET', `/api/v1/appointments/${id}`, undefined, practice.staff.auth)).body
      .data as { status: string };
  expect((await appointment(halRequest.appointment_id)).status).toBe('Accepted');
  expect((await appointment(idaRequest.appointment_id)).status).toBe('Rejected');
  // The list is read again after the action: both leave it.
  await row(halRequest).waitFor({ state: 'detached', timeout: 20_000 });
  await row(idaRequest).waitFor({ state: 'detached', timeout: 20_000 });
  await expectAccessible(desk);
  await shoot(desk, 'back-office-requests-failure');
}, 120_000);

it("asks for the reason when a request is rejected from the dashboard's status menu", async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Maya Chen (menu)',
    accept_reject_enabled: true,
  });
  const jo = await createUser(app, 'Patient', null, { first: 'Jo', last: 'Quinn' });
  const slot = await tomorrowsSlot(app, calendarId, position, 6);
  const pending = await request(calendarId, slot.start_date, jo);

  const desk = await browser.open();
  await signIn(desk, app, practice.staff, '/dashboard/practice-staff');
  const row = desk.locator(
    `[data-testid="appointment-row"][data-appointment="${pending.appointment_id}"]`,
  );
  await row.waitFor();
  await row.getByTestId('change-status').click();
  await desk.getByRole('menuitem', { name: 'Rejected' }).click();
  const dialog = desk.getByTestId('reject-dialog');
  await dialog.getByRole('heading', { name: "Reject Jo Quinn's request?" }).waitFor();
  await dialog.getByTestId('reject-reason').fill('The clinic is closed that day.');
  await dialog.getByTestId('confirm-reject').click();
  await row.getByTestId('status').filter({ hasText: 'Rejected' }).waitFor({ timeout: 20_000 });
  const seen = await call(
    app,
    'GET',
    `/api/v1/appointments/${pending.appointment_id}`,
    undefined,
    jo.auth,
  );
  expect(seen.body.data).toEqual(
    expect.objectContaining({ rejection_reason: 'The clinic is closed that day.' }),
  );
}, 120_000);

it('reads notifications as sentences, by keyboard and by click, and opens the appointment', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Dr. Maya Chen (bell)',
    booking_capacity: 2,
  });
  const gus = await createUser(app, 'Patient', null, { first: 'Gus', last: 'Reyes' });
  const first = await tomorrowsSlot(app, calendarId, position, 4);
  const booked = await request(calendarId, first.start_date, gus);
  const canceled = await call(
    app,
    'DELETE',
    `/api/v1/appointments/${booked.appointment_id}`,
    { reason: 'Doctor ill' },
    practice.staff.auth,
  );
  expect(canceled.status).toBe(200);

  const desk = await browser.open();
  await signIn(desk, app, practice.admin);
  await desk.goto(`${app.url}/practice/waitlists`);
  const bell = desk.getByTestId('notification-bell');
  await bell.waitFor();

  // Keyboard: the bell opens the menu, its first item takes the focus, arrows move, Escape closes
  // and gives the focus back to the bell.
  await bell.focus();
  await desk.keyboard.press('Enter');
  const items = desk.getByRole('menuitem');
  await items.first().waitFor();
  await untilTrue(desk, "document.activeElement?.getAttribute('role') === 'menuitem'");
  const sentences = await desk.getByTestId('notification-sentence').allInnerTexts();
  expect(sentences).toEqual(
    expect.arrayContaining([
      expect.stringMatching(
        /^Front desk \(Test Staff\) canceled Gus Reyes's appointment with .+ on \w{3}, \w+ \d+, \d+:\d\d [AP]M$/,
      ),
      expect.stringMatching(/^Gus Reyes booked an appointment with .+ for \w{3}, \w+ \d+/),
    ]),
  );
  expect(sentences.join('\n')).not.toMatch(/ · Canceled/);
  const focused = () => desk.evaluate<string | null>('document.activeElement?.textContent ?? null');
  const top = await focused();
  await desk.keyboard.press('ArrowDown');
  expect(await focused()).not.toBe(top);
  const outline = await desk.evaluate<string>(
    'getComputedStyle(document.activeElement).outlineStyle',
  );
  expect(outline).not.toBe('none');
  await expectAccessible(desk);
  await shoot(desk, 'back-office-notifications', async () => {
    if (!(await desk.getByTestId('notification-panel').isVisible())) await bell.click();
    await items.first().waitFor();
  });
  await desk.keyboard.press('Escape');
  await desk.getByTestId('notification-panel').waitFor({ state: 'detached' });
  expect(
    await desk.evaluate<string | null>(
      "document.activeElement?.getAttribute('data-testid') ?? null",
    ),
  ).toBe('notification-bell');

  // Enter on the cancel's item opens its appointment on the schedule.
  await desk.keyboard.press('Enter');
  await items.first().waitFor();
  const cancelItem = desk
    .getByTestId('notification-item')
    .filter({ hasText: "canceled Gus Reyes's appointment" });
  await cancelItem.focus();
  await desk.keyboard.press('Enter');
  await desk.waitForURL(`**/practice/schedule?date=*&appointment=${booked.appointment_id}`);
  const url = new URL(desk.url());
  expect(url.searchParams.get('date')).toBe(
    new Date(first.start_date).toLocaleDateString('en-CA', { timeZone: 'America/New_York' }),
  );
  // The schedule opens that appointment's detail.
  const drawer = desk.getByTestId('appointment-drawer');
  await drawer.getByTestId('drawer-details').waitFor();
  expect(await drawer.innerText()).toContain('Gus Reyes');

  // A click does the same.
  await desk.goto(`${app.url}/practice/waitlists`);
  await bell.click();
  await desk
    .getByTestId('notification-item')
    .filter({ hasText: 'Gus Reyes booked an appointment' })
    .click();
  await desk.waitForURL(`**/practice/schedule?*appointment=${booked.appointment_id}`);
}, 120_000);
