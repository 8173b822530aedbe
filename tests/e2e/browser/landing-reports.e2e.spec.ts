import { readFile } from 'node:fs/promises';
import {
  type BookingResult,
  type DemoRequestView,
  LANDING_SECTIONS,
  MARKETING_MESSAGES,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { createUser, registerPatient } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import { parseRfc4180 } from '../../support/rfc4180';
import {
  createCalendar,
  createPractice,
  registerFacility,
  type TestPractice,
  week,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const activeDot = (page: Page) =>
  page.locator('[data-testid="landing-dot"][aria-current="true"]').getAttribute('aria-label');

/** The anchor of the section whose top is at the top of the screen (the page settled there). */
const sectionAtTop = (page: Page) =>
  page.evaluate<string | null>(`(() => {
    const ids = ${JSON.stringify(LANDING_SECTIONS.map((s) => s.anchor))};
    return ids.find((id) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top;
      return top !== undefined && Math.abs(top) < 4;
    }) ?? null;
  })()`);

/** Polls until `read` answers `expected` (the page moves and answers asynchronously). */
async function until<T>(read: () => Promise<T>, expected: T, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const seen = await read();
    if (seen === expected) return seen;
    if (Date.now() > deadline) throw new Error(`${String(seen)}, not ${String(expected)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('shows the practices’ landing page with a marker: menu, dots, sections, claims, demo request, back to home', async () => {
  const page = await browser.open();
  // The plain root is the patients' home page.
  await page.goto(`${app.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
  expect(await page.getByTestId('landing-page').count()).toBe(0);

  await page.goto(`${app.url}/?utm_source=newsletter`);
  await page.getByTestId('landing-page').waitFor();
  await page.getByText('Increase engagement. Reduce costs. Advance growth.').waitFor();
  for (const claim of ['200+', '75', '20 million', '80%', '85%']) {
    await page.getByTestId('landing-claim').getByText(claim, { exact: true }).waitFor();
  }
  expect(await page.getByTestId('landing-dot').count()).toBe(10);
  expect(await activeDot(page)).toBe('Home');

  // The side menu lists the ten sections and moves to the one chosen.
  await page.getByRole('button', { name: 'Open the menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Landing sections' });
  expect(await menu.getByRole('button').allInnerTexts()).toEqual(
    LANDING_SECTIONS.map((s) => s.title),
  );
  await expectAccessible(page);
  await menu.getByRole('button', { name: 'Telemedicine' }).click();
  await until(() => activeDot(page), 'Telemedicine');

  await until(() => sectionAtTop(page), 'telemedicine');

  // The arrow keys move a section at a time.
  await page.keyboard.press('ArrowDown');
  await until(() => activeDot(page), 'Patient Surveys');
  await page.keyboard.press('ArrowUp');
  await until(() => activeDot(page), 'Telemedicine');
  await until(() => sectionAtTop(page), 'telemedicine');

  // An arrow pressed while a jump still scrolls moves on from the jump's target, not from a
  // section it passes (the sections scrolled past never light their dots).
  const from = await page.evaluate<number>('scrollY');
  await page.getByRole('button', { name: 'Open the menu' }).click();
  await menu.getByRole('button', { name: 'Messenger' }).click();
  // The jump has begun (from Telemedicine, up past Digital Check-In and Online Scheduling).
  await page.evaluate(`new Promise((moved) => {
    const frame = () => (scrollY < ${from} - 50 ? moved(scrollY) : requestAnimationFrame(frame));
    frame();
  })`);
  await page.keyboard.press('ArrowDown');
  await until(() => sectionAtTop(page), 'online-scheduling');
  expect(await activeDot(page)).toBe('Online Scheduling');

  // Get Started leads to the demo form; an empty form says what is required, in red.
  await page.goto(`${app.url}/?section=1`);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await until(() => activeDot(page), 'Request a Demo');
  const form = page.getByRole('form', { name: 'Request a Demo' });
  await form.getByRole('button', { name: 'Request a Demo' }).click();
  const firstName = form.getByLabel('First Name');
  expect(await firstName.getAttribute('aria-invalid')).toBe('true');
  expect(await form.getByText('Required').count()).toBe(4);
  const red = await page.evaluate<string>(
    `getComputedStyle(document.querySelector('form[aria-label="Request a Demo"] .MuiFormHelperText-root.Mui-error')).color`,
  );
  expect(red).toBe('rgb(211, 47, 47)');
  await firstName.fill('Nora');
  await form.getByLabel('Last Name').fill("O'Brien");
  await form.getByLabel('Email').fill('nora@hudson-care.example.com');
  await form.getByLabel('Practice Name').fill('Hudson Family Care');
  await form.getByLabel('Message').fill('Online scheduling, please.');
  await form.getByRole('button', { name: 'Request a Demo' }).click();
  await form.getByText(MARKETING_MESSAGES.demoRequested).waitFor();
  const agent = await createUser(app, 'SupportAgent');
  const stored = (await app.api.as(agent).get('/api/v1/marketing/demo-requests')).body
    .data as DemoRequestView[];
  expect(stored[0]).toMatchObject({
    first_name: 'Nora',
    practice_name: 'Hudson Family Care',
    email: 'nora@hudson-care.example.com',
  });
  await expectAccessible(page);

  // ?section=10 opens on the demo form.
  await page.goto(`${app.url}/?section=10`);
  const heading = page.getByRole('heading', { name: 'Request a Demo' });
  await heading.waitFor();
  const box = await heading.boundingBox();
  expect(box!.y).toBeGreaterThan(0);
  expect(box!.y).toBeLessThan(900);
  await shoot(page, 'landing-demo', async () => {
    await page.goto(`${app.url}/?section=10`);
    await heading.waitFor();
  });
  await shoot(page, 'landing-claims', async () => {
    await page.goto(`${app.url}/?section=2`);
    await page.getByText('review sites').waitFor();
  });
  await shoot(page, 'landing', async () => {
    await page.goto(`${app.url}/?utm_source=newsletter`);
    await page.getByTestId('landing-page').waitFor();
  });

  // Find a Top Doctor returns to the home page and turns the landing state off.
  await page.getByRole('button', { name: 'Find a Top Doctor' }).click();
  await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Find a Top Doctor' }).waitFor();
  expect(await page.getByTestId('landing-page').count()).toBe(0);

  // A phone gets the same page, nothing wider than the screen, no dots.
  const phone = await browser.open({ width: 375, height: 800 });
  await phone.goto(`${app.url}/?section=2`);
  await phone.getByText('review sites').waitFor();
  expect(await phone.getByTestId('landing-dot').count()).toBe(0);
  expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    375,
  );
  await expectAccessible(phone);
}, 120_000);

async function bookings(practice: TestPractice) {
  const other = await createUser(app, 'Provider', practice.practiceId, {
    first: 'Nora',
    last: 'Lind, "Jr"',
  });
  const monday = DateTime.now().setZone('America/New_York').startOf('week').plus({ weeks: 2 });
  const from = monday.toISODate()!;
  const mine = await createCalendar(app, practice, { date_from: from, name: 'Dr. Report' });
  const theirs = await createCalendar(app, practice, {
    date_from: from,
    provider_id: other.userId,
    name: 'Dr. Lind',
  });
  const slots = await week(
    app,
    mine.calendarId,
    `?start_date=${from}&min_position=${mine.position}`,
  );
  const book = async (calendarId: string, start: string) => {
    const response = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: start,
      patient_id: await registerPatient(app),
    });
    expect(response.status).toBe(201);
    return response.body.data as BookingResult;
  };
  const monday0 = slots.days[0]!.time_slots.slice(0, 2).map((s) => s.start_date);
  const tuesday = slots.days[1]!.time_slots[0]!.start_date;
  const first = await book(mine.calendarId, monday0[0]!);
  await book(mine.calendarId, monday0[1]!);
  await book(mine.calendarId, tuesday);
  await book(theirs.calendarId, monday0[0]!);
  const canceled = await app.api
    .as(practice.staff)
    .delete(`/api/v1/appointments/${first.appointment_id}`, {});
  expect(canceled.status).toBe(200);
  return { other, monday, status: first.status };
}

const textOf = async (locator: Locator) => {
  await locator.first().waitFor();
  return locator.allInnerTexts();
};

it('shows the appointments report with the bookings made, filters by period, downloads the CSV; a provider sees their own', async () => {
  const practice = await createPractice(app);
  const { monday, status } = await bookings(practice);
  const from = monday.toISODate()!;
  const to = monday.plus({ days: 6 }).toISODate()!;

  const admin = await browser.open();
  await signIn(admin, app, practice.admin, '/practice-admin/dashboard');
  await admin
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await admin.waitForURL('**/practice-admin/reports/analytics');
  await admin.getByRole('heading', { name: 'Reports' }).waitFor();
  await admin.getByLabel('From', { exact: true }).fill(from);
  await admin.getByLabel('To', { exact: true }).fill(to);
  const week = `Week of ${monday.toFormat('LLL d, yyyy')}`;
  const rows = admin.getByTestId('report-row');
  await until(async () => (await textOf(rows)).length, 2);
  const tabbed = (await textOf(rows)).map((r) => r.split('\t'));
  // Columns: Period, Provider, Total, then the statuses that hold a visit in the spec's order.
  expect(tabbed.map((r) => r.slice(0, 3))).toEqual([
    [week, 'Nora Lind, "Jr"', '1'],
    [week, 'Test Provider', '3'],
  ]);
  const header = (await admin.locator('thead th').allInnerTexts()).map((t) => t.trim());
  expect(header.slice(0, 3)).toEqual(['Period', 'Provider', 'Total']);
  expect(tabbed[1]![header.indexOf('Canceled')]).toBe(status === 'Canceled' ? '3' : '1');
  expect((await textOf(admin.getByTestId('report-total')))[0]!.split('\t').slice(0, 2)).toEqual([
    'Total',
    '4',
  ]);

  // By day: Monday holds three visits (two providers), Tuesday one.
  await admin.getByRole('combobox', { name: 'Period' }).click();
  await admin.getByRole('option', { name: 'Day' }).click();
  await until(async () => (await textOf(rows)).length, 3);
  expect((await textOf(rows)).map((r) => r.split('\t').slice(1, 3))).toEqual([
    ['Nora Lind, "Jr"', '1'],
    ['Test Provider', '2'],
    ['Test Provider', '1'],
  ]);
  await expectAccessible(admin);

  // The CSV: the same numbers, the provider's comma and quotes kept.
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`appointments-${from}-to-${to}.csv`);
  const records = parseRfc4180(await readFile(await download.path(), 'utf8'));
  expect(records.map((r) => r.slice(0, 3))).toEqual([
    ['Period', 'Provider', 'Total'],
    [from, 'Nora Lind, "Jr"', '1'],
    [from, 'Test Provider', '2'],
    [monday.plus({ days: 1 }).toISODate()!, 'Test Provider', '1'],
    ['Total', 'All providers', '4'],
  ]);
  await shoot(admin, 'reports-admin');
  await admin.setViewportSize({ width: 375, height: 800 });
  expect(await admin.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    375,
  );
  await expectAccessible(admin);

  // A provider: their own visits only, no provider filter.
  const provider = await browser.open();
  await signIn(provider, app, practice.provider, '/dashboard/doctor');
  await provider
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await provider.waitForURL(`**/providers/${practice.provider.userId}/reports/analytics`);
  await provider.getByLabel('From', { exact: true }).fill(from);
  await provider.getByLabel('To', { exact: true }).fill(to);
  const own = provider.getByTestId('report-row');
  await until(async () => (await textOf(own)).length, 1);
  expect((await textOf(own))[0]!.split('\t').slice(1, 3)).toEqual(['Test Provider', '3']);
  expect(await provider.getByRole('combobox', { name: 'Provider' }).count()).toBe(0);
  await shoot(provider, 'reports-provider');
  await expectAccessible(provider);
}, 150_000);

it('gives each role its menu items, the burger below 1200 px, and the patient an Appointments menu', async () => {
  const practice = await createPractice(app);
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Workspace' });
  const items = async (page: Page) => nav(page).getByRole('link').allInnerTexts();

  const admin = await browser.open();
  await signIn(admin, app, practice.admin, '/practice-admin/dashboard');
  await nav(admin).waitFor();
  const adminItems = await items(admin);
  expect(adminItems).toEqual(
    expect.arrayContaining(['Calendars', 'Reports', 'Settings', 'Requests']),
  );
  await nav(admin).getByRole('link', { name: 'Settings' }).click();
  await admin.waitForURL('**/practice-admin/settings');
  for (const link of ['Calendars', 'Directory', 'Reports']) {
    await admin
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${link}`) })
      .waitFor();
  }
  await admin.getByRole('heading', { name: 'Change password' }).waitFor();
  await expectAccessible(admin);
  await shoot(admin, 'settings-admin');

  // Below 1200 px the navigation waits behind the burger.
  await admin.setViewportSize({ width: 1100, height: 900 });
  await nav(admin).waitFor({ state: 'hidden' });
  await admin.getByRole('button', { name: 'Open the workspace menu' }).click();
  await nav(admin).getByRole('link', { name: 'Reports' }).waitFor();
  await admin.keyboard.press('Escape');
  await admin.setViewportSize({ width: 1280, height: 900 });

  const provider = await browser.open();
  await signIn(provider, app, practice.provider, '/dashboard/doctor');
  await nav(provider).waitFor();
  const providerItems = await items(provider);
  expect(providerItems).toEqual(expect.arrayContaining(['Reports', 'Settings']));
  expect(providerItems).not.toContain('Calendars');

  const staff = await browser.open();
  await signIn(staff, app, practice.staff, '/dashboard/practice-staff');
  await nav(staff).waitFor();
  const staffItems = await items(staff);
  expect(staffItems).not.toContain('Reports');
  expect(staffItems).not.toContain('Settings');
  // The spec's Calendar address for staff opens the schedule.
  await staff.goto(`${app.url}/staff-member/calendar`);
  await staff.waitForURL('**/practice/schedule');

  // The patient's header: an Appointments menu and Settings; a burger below 1200 px.
  const patient = await createUser(app, 'Patient', null, { first: 'Rosa', last: 'Diaz' });
  const page = await browser.open();
  await signIn(page, app, patient, '/dashboard/patient');
  const site = page.getByRole('navigation', { name: 'Site' });
  await site.getByRole('button', { name: 'Appointments' }).click();
  expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
    'My appointments',
    'Book an appointment',
  ]);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await site.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL('**/patient/settings/edit');
  await page.getByRole('heading', { name: 'Change password' }).waitFor();
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.getByTestId('site-burger').click();
  expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
    'My appointments',
    'Book an appointment',
    'Settings',
  ]);
  await page.keyboard.press('Escape');
  await shoot(page, 'settings-patient');

  // A visitor: For Doctors leads to the landing page.
  const visitor = await browser.open();
  await visitor.goto(`${app.url}/provider-search`);
  await visitor
    .getByRole('navigation', { name: 'Site' })
    .getByRole('link', { name: 'For Doctors' })
    .click();
  await visitor.getByTestId('landing-page').waitFor();
}, 150_000);

it("shows a visitor a practice's page: its name, facilities and provider cards, and Manage Appointments to the login", async () => {
  const superUser = await createUser(app, 'SuperUser');
  const registered = await app.api
    .as(superUser)
    .post('/api/v1/practices', { name: 'Hudson Family Care', time_zone: 'America/New_York' });
  expect(registered.status).toBe(201);
  const practiceId = (registered.body.data as { id: string }).id;
  const admin = await createUser(app, 'PracticeAdmin', practiceId);
  const facility = await registerFacility(app, { practiceId, admin });
  const doctor = await createUser(app, 'Provider', practiceId);
  const provider = await app.api.as(admin).post(`/api/v1/practices/${practiceId}/providers`, {
    user_id: doctor.userId,
    first_name: 'Maya',
    last_name: 'Okafor',
    provider_type: 'local',
    specialties: ['Family Medicine'],
    facility_ids: [facility],
  });
  expect(provider.status).toBe(201);
  const position = (provider.body.data as { position: number }).position;

  // Read your writes: the page asks without a position, so the read models come first.
  for (const path of [
    `/api/v1/practices/${practiceId}`,
    `/api/v1/practices/${practiceId}/providers`,
  ]) {
    expect((await app.api.get(`${path}?min_position=${position}`)).status).toBe(200);
  }
  const visitor = await browser.open();
  await visitor.goto(`${app.url}/practice/${practiceId}`);
  await visitor.getByRole('heading', { level: 1, name: 'Hudson Family Care' }).waitFor();
  await visitor.getByText('Test Clinic').first().waitFor();
  await visitor.getByText('1 Main St, New York, NY 10001').waitFor();
  const card = visitor.getByTestId('practice-provider');
  await card.getByText('Maya Okafor').waitFor();
  expect(await card.innerText()).toContain('Family Medicine');
  // Spec 2.11: no Log In here, a Manage Appointments button to the login instead.
  expect(await visitor.getByTestId('header-login').count()).toBe(0);
  await expectAccessible(visitor);
  await shoot(visitor, 'practice-profile');
  // On a phone the button stays in sight, and nothing is wider than the screen.
  await visitor.setViewportSize({ width: 375, height: 800 });
  await visitor.getByTestId('site-burger').waitFor();
  await visitor
    .getByTestId('practice-profile')
    .getByRole('link', { name: 'Manage Appointments' })
    .waitFor();
  expect(
    await visitor.evaluate<number>('document.documentElement.scrollWidth'),
  ).toBeLessThanOrEqual(375);
  await visitor.setViewportSize({ width: 1280, height: 900 });
  await visitor.getByRole('link', { name: 'Manage Appointments' }).click();
  await visitor.waitForURL((url) => url.pathname === '/login' || url.pathname === '/account');
}, 90_000);
