import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { call, createUser, post, type TestUser } from '../../support/accounts';
import { browserSuite, shoot } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerFacility,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const SPECIALTY = 'Cardiologist (Heart Doctor)';

let app: TestApp;
const browser = browserSuite();
let page: Page;
let calendarId: string;
let slotStart: string;
let holder: TestUser;
let holderAppointment: string;

beforeAll(async () => {
  app = await startTestApp();
  const practice = await createPractice(app);
  const facilityId = await registerFacility(app, practice);
  const registered = await call(
    app,
    'POST',
    `/api/v1/practices/${practice.practiceId}/providers`,
    {
      user_id: practice.provider.userId,
      first_name: 'Amara',
      last_name: 'Okafor',
      professional_suffixes: ['MD'],
      provider_type: 'local',
      gender: 'Female',
      specialties: [SPECIALTY],
      facility_ids: [facilityId],
    },
    practice.admin.auth,
  );
  expect(registered.status).toBe(201);
  // One slot a day, tomorrow only: once it is booked the calendar has no availability at all.
  const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
  const created = await createCalendar(app, practice, {
    name: 'Dr. Amara Okafor',
    facility_id: facilityId,
    wait_list_enabled: true,
    booking_capacity: 1,
    first_hour: 10,
    last_hour: 11,
    time_step: 60,
    date_from: tomorrow,
    date_to: tomorrow,
  });
  calendarId = created.calendarId;
  slotStart = (await tomorrowsSlot(app, calendarId, created.position)).start_date;
  holder = await createUser(app, 'Patient', null, { first: 'Sam', last: 'Holder' });
  const booked = await post(
    app,
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slotStart },
    holder.auth,
  );
  expect(booked.status).toBe(201);
  holderAppointment = (booked.body.data as { appointment_id: string }).appointment_id;
}, 60_000);

afterAll(async () => {
  await app.close();
}, 60_000);

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 900 });
});

it('joins the waitlist of a full calendar, gets the freed slot live and books it', async () => {
  const patient = await createUser(app, 'Patient', null, { first: 'Rosa', last: 'Diaz' });

  // A visitor finds the full calendar and asks to join: they are asked to log in first.
  const search = `${app.url}/provider-search?specialty=${encodeURIComponent(SPECIALTY)}&page_no=1`;
  await page.goto(search);
  const card = page.getByTestId('provider-card').first();
  await card.getByTestId('no-availability').waitFor({ timeout: 15_000 });
  await card.getByRole('button', { name: 'Join Waiting List' }).click();
  await page.waitForURL(/\/waitlist\?/);
  await page.getByTestId('waitlist-auth').getByText('Join the waitlist now').waitFor();
  await page
    .getByText(
      /^Please LOGIN so that you can be enrolled in the waiting list and .+ can reach you$/,
    )
    .waitFor();
  await shoot(page, 'waitlist-login-header');

  // LOGIN: the login page gets the flags, and signing in comes back and joins.
  await page.getByTestId('waitlist-auth').getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/account\?eligible=true&waitlist_enabled=true$/);
  await page.getByTestId('login-email').fill(patient.email);
  await page.getByTestId('login-password').fill(`Secret-${patient.email}`);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/waitlist\?/);
  const joined = page.getByTestId('waitlist-joined');
  await joined.getByText("Thank you for registering. You're on the list").waitFor();
  await joined
    .getByText(
      "We've received your waitlist request and will be in touch once we have an available slot.",
    )
    .waitFor();
  await shoot(page, 'waitlist-joined');
  await joined.getByRole('button', { name: 'OK' }).click();

  await page.waitForURL('**/dashboard/patient');
  const item = page.getByTestId('waitlist-item');
  await item.getByText('#1 in line').waitFor();

  // The widget now says so instead of offering the button again.
  await page.goto(search);
  await page.getByTestId('waitlist-enrolled').first().waitFor({ timeout: 15_000 });
  expect(await page.getByRole('button', { name: 'Join Waiting List' }).count()).toBe(0);

  await page.goto(`${app.url}/dashboard/patient`);
  await page.getByTestId('waitlist-item').getByText('#1 in line').waitFor();
  await shoot(page, 'waitlist-dashboard');

  // Another patient cancels: the offer reaches this page live, without a reload.
  const before = page.url();
  const canceled = await call(
    app,
    'DELETE',
    `/api/v1/appointments/${holderAppointment}`,
    {},
    holder.auth,
  );
  expect(canceled.status).toBe(200);
  const offer = page.getByTestId('waitlist-offer');
  await offer.waitFor({ timeout: 10_000 });
  expect(page.url()).toBe(before);
  expect(await offer.getByTestId('offer-countdown').innerText()).toMatch(/^1[45]:\d\d$/);
  const when = DateTime.fromISO(slotStart, { zone: 'America/New_York' }).toFormat(
    "EEEE, MMMM d 'at' h:mm a",
  );
  await offer.getByText(when).waitFor();
  await shoot(page, 'waitlist-offer');

  await offer.getByRole('button', { name: 'Accept' }).click();
  await page.getByText('Appointment booked successfully.').waitFor();
  const upcoming = page.getByTestId('upcoming');
  const start = DateTime.fromISO(slotStart, { zone: 'America/New_York' });
  await upcoming
    .getByTestId('appointment-start')
    .filter({ hasText: `${start.toFormat('EEEE, MMMM d, y')} · ${start.toFormat('h:mm a')}` })
    .waitFor({ timeout: 10_000 });
  await page.getByTestId('waitlist').waitFor({ state: 'detached', timeout: 10_000 });
  await shoot(page, 'waitlist-booked');

  const mine = await call(
    app,
    'GET',
    '/api/v1/appointments/patient?pageNo=1&pageSize=10',
    undefined,
    patient.auth,
  );
  const appointments = (mine.body.data as { appointments: { start_date: string }[] }).appointments;
  expect(appointments.map((a) => a.start_date)).toEqual([slotStart]);
}, 120_000);
