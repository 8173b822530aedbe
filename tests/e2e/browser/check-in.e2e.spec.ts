import { randomUUID } from 'node:crypto';
import {
  appointmentCode,
  BOOKING_MESSAGES,
  type BookingResult,
  type TimeSlotView,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { AccountService } from '../../../apps/api/src/modules/identity/account.service';
import { call, createUser, sha256, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn, smsCode } from '../../support/browser';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let page: Page;
let practice: TestPractice;
let calendarId: string;
/** The calendar's creation: week reads wait for the projection to have it. */
let created: number;
let zone: string;

/**
 * A zone where it is day now, so that the visits of these tests (the next slots, and one two
 * hours ahead) fall on today's date there: the window and "today" use the real clock.
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

/** Today's slots of the calendar that start at least `minutes` from now. */
async function slotsFrom(minutes: number): Promise<TimeSlotView[]> {
  const today = DateTime.now().setZone(zone).toISODate()!;
  const view = await week(app, calendarId, `?start_date=${today}&min_position=${created}`);
  const after = Date.now() + minutes * 60_000;
  return (view.days[0]?.time_slots ?? []).filter((s) => Date.parse(s.start_date) >= after);
}

/** A patient with a last name and a birth date, as the front desk or the kiosk would find them. */
async function patientBorn(first: string, last: string, birthDate: string): Promise<TestUser> {
  const email = `${last.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = sha256(`Secret-${email}`);
  const userId = await app.app.get(AccountService).createAccount(
    { email, password, first_name: first, last_name: last, birth_date: birthDate },
    {
      actorId: 'test',
      actorRole: 'System',
      onBehalfOf: null,
      ip: null,
      userAgent: 'jest',
      correlationId: 'test',
    },
    { type: 'Patient', practiceId: null, socialProvider: null },
  );
  const login = await call(app, 'POST', '/api/v1/auth/login', { username: email, password });
  const token = (login.body.data as { access_token: string }).access_token;
  return {
    userId,
    email,
    password,
    type: 'Patient',
    practiceId: null,
    login: login.body.data as TestUser['login'],
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

const statusOf = async (appointmentId: string) =>
  (
    (
      await call(
        app,
        'GET',
        `/api/v1/appointments/${appointmentId}`,
        undefined,
        practice.staff.auth,
      )
    ).body.data as { status: string }
  ).status;

async function bookFor(patientId: string, start: string): Promise<string> {
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: start, patient_id: patientId },
    practice.staff.auth,
  );
  if (booked.status !== 201) throw new Error(`book: ${JSON.stringify(booked.body)}`);
  return (booked.body.data as BookingResult).appointment_id;
}

beforeAll(async () => {
  app = await startTestApp();
  zone = daytimeZone();
  practice = await createPractice(app);
  ({ calendarId, position: created } = await createCalendar(app, practice, {
    name: 'Dr. Maya Chen',
    time_zone: zone,
    first_hour: 0,
    last_hour: 24,
    time_step: 15,
    booking_capacity: 5,
    minutes_before_showing_slots: 0,
    can_check_in: true,
    enable_insurance: false,
    date_from: DateTime.now().setZone(zone).minus({ days: 1 }).toISODate()!,
  }));
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 900 });
});

it('books a visit for today without checking in; "I\'m here" in the window checks in and the pass names patient and provider', async () => {
  const patient = await createUser(app, 'Patient', null, { first: 'Ada', last: 'Lovelace' });
  const [soon] = await slotsFrom(10);
  await signIn(page, app, patient, '/dashboard/patient');

  await page.goto(
    `${app.url}/booking?calendar=${calendarId}&start=${encodeURIComponent(soon!.start_date)}`,
  );
  await page.getByTestId('stage-title').filter({ hasText: 'Patient' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('stage-title').filter({ hasText: 'Verify phone' }).waitFor();
  const mobile = '5557654321';
  await page.getByLabel('Mobile number').fill(mobile);
  await page.keyboard.press('Enter');
  await page.getByTestId('sms-code').waitFor();
  await page.keyboard.type(await smsCode(app, mobile));
  await page.keyboard.press('Enter');
  await page.getByTestId('stage-title').filter({ hasText: 'Review' }).waitFor();
  await page.getByRole('button', { name: 'Book Appointment' }).click();

  // The spec's immediate-check-in popup: it leads to the check-in page and checks nobody in.
  await page.getByText("Let's get you checked in...").waitFor();
  await page.waitForURL('**/patient/check-in?appointment_id=*');
  const appointmentId = new URL(page.url()).searchParams.get('appointment_id')!;
  const arrival = page.getByTestId('check-in-arrival');
  await arrival.waitFor();
  expect(await statusOf(appointmentId)).toBe('Scheduled');
  expect(await arrival.getByTestId('pass-patient').innerText()).toBe('Ada Lovelace');
  expect(await arrival.getByTestId('pass-visit').innerText()).toMatch(/^Test Provider · /);
  expect(await arrival.getByTestId('check-in-window').innerText()).toMatch(
    /^Check in when you arrive: from \d{1,2}:\d{2} [AP]M to \d{1,2}:\d{2} [AP]M\.$/,
  );
  await expectAccessible(page);
  await shoot(page, 'check-in-arrival');

  await page.getByRole('button', { name: "I'm here" }).click();
  const pass = page.getByTestId('check-in-pass');
  await pass.waitFor();
  expect(await pass.getByTestId('pass-patient').innerText()).toBe('Ada Lovelace');
  const visit = await pass.getByTestId('pass-visit').innerText();
  expect(visit).toMatch(/^Test Provider · \w+day, \w+ \d{1,2} · \d{1,2}:\d{2} [AP]M$/);
  expect(await pass.getByTestId('pass-code').innerText()).toBe(appointmentCode(appointmentId));
  expect(await statusOf(appointmentId)).toBe('Checked-In');
  await expectAccessible(page);
  await shoot(page, 'check-in-pass');
}, 120_000);

it('offers "I\'m here" on the dashboard for today\'s visit within its window only', async () => {
  const patient = await createUser(app, 'Patient', null, { first: 'Grace', last: 'Hopper' });
  const [soon] = await slotsFrom(10);
  const [later] = await slotsFrom(120);
  const mine = (start: string) =>
    call(
      app,
      'POST',
      '/api/v1/appointments',
      { calendar_id: calendarId, start_date: start },
      patient.auth,
    ).then((r) => (r.body.data as BookingResult).appointment_id);
  const inWindow = await mine(soon!.start_date);
  const notYet = await mine(later!.start_date);
  await signIn(page, app, patient, '/dashboard/patient');

  const card = (id: string) => page.locator(`[data-appointment-id="${id}"]`);
  const here = card(inWindow).getByRole('button', { name: "I'm here" });
  await here.waitFor();
  expect(await card(notYet).getByRole('button', { name: "I'm here" }).count()).toBe(0);
  expect(await card(inWindow).getByTestId('appointment-code').innerText()).toBe(
    `Code ${appointmentCode(inWindow)}`,
  );
  await expectAccessible(page);
  await shoot(page, 'dashboard-im-here');
  await here.click();
  const pass = page.getByRole('dialog').getByTestId('check-in-pass');
  await pass.waitFor();
  expect(await pass.getByTestId('pass-patient').innerText()).toBe('Grace Hopper');
  expect(await statusOf(inWindow)).toBe('Checked-In');
  expect(await statusOf(notYet)).toBe('Scheduled');
}, 90_000);

it('checks an arriving patient in at the kiosk by name and birth date, refuses outside the window by code, and starts over', async () => {
  const katherine = await patientBorn('Katherine', 'Johnson', '1918-08-26');
  const [soon] = await slotsFrom(10);
  const [later] = await slotsFrom(120);
  const now = await bookFor(katherine.userId, soon!.start_date);
  const afternoon = await bookFor(katherine.userId, later!.start_date);
  await signIn(page, app, practice.staff);

  await page.goto(`${app.url}/kiosk`);
  const kiosk = page.getByTestId('kiosk');
  await kiosk.getByRole('heading', { name: 'Welcome! Check in here' }).waitFor();
  await expectAccessible(page);
  await shoot(page, 'kiosk-find');

  await page.getByLabel('Last name').fill('johnson');
  await page.getByLabel('Date of birth').fill('1918-08-26');
  await page.getByRole('button', { name: 'Find my appointment' }).click();
  const match = page.getByTestId('kiosk-match');
  await match.first().waitFor();
  expect(await match.count()).toBe(2);
  const first = await match.first().innerText();
  expect(first).toContain('Katherine J.');
  expect(first).toContain('with Test Provider');
  expect(first).not.toContain('Johnson');
  await expectAccessible(page);
  await shoot(page, 'kiosk-matches');

  await match
    .first()
    .getByRole('button', { name: /^Check in/ })
    .click();
  await page.getByTestId('kiosk-done').waitFor();
  expect(await page.getByTestId('kiosk-done').innerText()).toContain('Thank you, Katherine.');
  expect(await statusOf(now)).toBe('Checked-In');
  await shoot(page, 'kiosk-done');
  // It starts over by itself for the next patient.
  await kiosk.getByRole('heading', { name: 'Welcome! Check in here' }).waitFor({ timeout: 15_000 });
  expect(await page.getByLabel('Last name').inputValue()).toBe('');

  await page.getByRole('button', { name: 'Confirmation code' }).click();
  await page.getByLabel('Code').fill(appointmentCode(afternoon).toLowerCase());
  await page.getByRole('button', { name: 'Find my appointment' }).click();
  await match.first().waitFor();
  expect(await match.count()).toBe(1);
  await match.getByRole('button', { name: /^Check in/ }).click();
  await page.getByRole('alert').filter({ hasText: BOOKING_MESSAGES.checkInUnavailable }).waitFor();
  expect(await statusOf(afternoon)).toBe('Scheduled');
  await expectAccessible(page);
  await shoot(page, 'kiosk-refused');

  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Find my appointment' }).click();
  await page.getByRole('alert').filter({ hasText: 'Enter your last name' }).waitFor();
}, 120_000);
