import { readFile } from 'node:fs/promises';
import type { BookingResult } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Locator } from 'playwright-core';
import { createUser, registerPatient } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import { createCalendar, createPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

it("shows the practice's analytics: headline numbers, charts, the weeks' table, provider filter, CSV, and the operators' practice choice", async () => {
  const practice = await createPractice(app);
  const other = await createUser(app, 'Provider', practice.practiceId, {
    first: 'Nora',
    last: 'Lind',
  });
  // Both calendars open on the Monday of the week after next: that week offers all its places
  // (every day 08:00-17:00, 18 half-hour slots), the weeks before none.
  const monday = DateTime.now()
    .setZone('America/New_York')
    .startOf('week')
    .plus({ weeks: 2 })
    .toISODate()!;
  const mine = await createCalendar(app, practice, { date_from: monday, name: 'Dr. Charts' });
  const theirs = await createCalendar(app, practice, {
    date_from: monday,
    provider_id: other.userId,
    name: 'Dr. Lind',
  });
  const slots = await week(
    app,
    mine.calendarId,
    `?start_date=${monday}&min_position=${mine.position}`,
  );
  const starts = slots.days[1]!.time_slots.slice(0, 3).map((s) => s.start_date);
  const book = async (calendarId: string, start: string) => {
    const response = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: start,
      patient_id: await registerPatient(app),
    });
    expect(response.status).toBe(201);
    return (response.body.data as BookingResult).appointment_id;
  };
  const booked: string[] = [];
  for (const start of starts) booked.push(await book(mine.calendarId, start));
  const [, missed, canceled] = booked;
  await book(theirs.calendarId, starts[0]!);
  const noShow = await app.api
    .as(practice.staff)
    .put(`/api/v1/appointments/${missed}/status`, { status: 'No-Show' });
  expect(noShow.status).toBe(200);
  const gone = await app.api.as(practice.staff).delete(`/api/v1/appointments/${canceled}`, {});
  expect(gone.status).toBe(200);

  const admin = await browser.open();
  await signIn(admin, app, practice.admin, '/practice-admin/dashboard');
  // The workspace's side navigation leads to it, next to the audit trail.
  await admin
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await admin.waitForURL('**/practice-admin/analytics');
  const row = admin.getByTestId(`analytics-row-${monday}`);
  // Both calendars: 126 + 126 places, 3 booked (the no-show kept its place), 1 canceled.
  await expect(textOf(row)).resolves.toMatch(/^\S+ \d+\t252\t3\t1\.2 %\t1\t/);
  await admin.getByTestId('places-chart').locator('svg').first().waitFor();
  await admin.getByTestId('rates-chart').locator('svg').first().waitFor();
  expect(await admin.getByTestId('summary-No-show rate').innerText()).toBe('33 %');
  await shoot(admin, 'analytics');
  await expectAccessible(admin);

  // A phone gets a card per week, nothing wider than the screen.
  await admin.setViewportSize({ width: 375, height: 800 });
  const card = admin.getByTestId(`analytics-card-${monday}`);
  await expect(textOf(card)).resolves.toMatch(/^Week of \S+ \d+\nOffered\n252\nBooked\n3\n/);
  expect(await admin.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    375,
  );
  await expectAccessible(admin);
  await admin.setViewportSize({ width: 1280, height: 900 });

  // One provider: their calendar alone.
  await admin.getByLabel('Provider').click();
  await admin.getByRole('option', { name: 'Test Provider' }).click();
  await expect(waitForText(row, /^\S+ \d+\t126\t2\t1\.6 %\t1\t/)).resolves.toBeTruthy();
  expect(await admin.getByTestId('summary-No-show rate').innerText()).toBe('50 %');

  // A narrower range: the weeks shown follow it.
  await admin.getByLabel('From', { exact: true }).fill(monday);
  await admin.getByLabel('To', { exact: true }).fill(monday);
  await expect(
    waitForCount(admin.locator('[data-testid^="analytics-row-"]'), 2),
  ).resolves.toBeTruthy();

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(csv[0]).toMatch(/^week_start,slots_offered,booked,utilisation,/);
  expect(csv[1]).toMatch(new RegExp(`^${monday},126,2,`));
  expect(csv).toHaveLength(3);

  // An operator chooses the practice from their dashboard, on a phone.
  const agent = await createUser(app, 'SupportAgent');
  const operator = await browser.open({ width: 375, height: 900 });
  await signIn(operator, app, agent, '/support-agent/dashboard');
  await operator.getByRole('link', { name: 'Practice analytics' }).click();
  await operator.getByLabel('Practice').click();
  await operator
    .getByRole('option', { name: `Practice ${practice.practiceId.slice(0, 8)}` })
    .click();
  await expect(
    waitForText(operator.getByTestId(`analytics-card-${monday}`), /\nOffered\n252\nBooked\n3\n/),
  ).resolves.toBeTruthy();
  await shoot(operator, 'analytics-operator');
  await expectAccessible(operator);
}, 90_000);

const textOf = async (locator: Locator) => {
  await locator.waitFor();
  return locator.innerText();
};

/** Polls until the element's text matches (the page answers a filter change asynchronously). */
async function waitForText(locator: Locator, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await textOf(locator);
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`"${text}" does not match ${String(pattern)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForCount(locator: Locator, count: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const seen = await locator.count();
    if (seen === count) return seen;
    if (Date.now() > deadline) throw new Error(`${seen} rows, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
