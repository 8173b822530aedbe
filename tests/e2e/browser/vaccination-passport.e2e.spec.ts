import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { type CommandAccepted, VACCINATION_MESSAGES } from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import { createCalendar, type TestPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let ada: TestUser;
const browser = browserSuite();

async function registeredPractice(name: string): Promise<TestPractice> {
  const operator = await createUser(app, 'SuperUser');
  const response = await call(
    app,
    'POST',
    '/api/v1/practices',
    { name, time_zone: 'America/New_York' },
    operator.auth,
  );
  if (response.status !== 201) throw new Error(`practice: ${JSON.stringify(response.body)}`);
  const practiceId = (response.body.data as CommandAccepted).id;
  const [admin, staff, provider] = await Promise.all([
    createUser(app, 'PracticeAdmin', practiceId),
    createUser(app, 'Staff', practiceId),
    createUser(app, 'Provider', practiceId),
  ]);
  return { practiceId, admin, staff, provider };
}

/** Logs in on the passport's own login page, which stays on /vaccine-passport. */
async function passportLogin(page: Page, user: TestUser): Promise<void> {
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(`Secret-${user.email}`);
  await page.getByTestId('login-submit').click();
}

beforeAll(async () => {
  app = await startTestApp();
  practice = await registeredPractice('Harbor Vaccination Clinic');
  ada = await createUser(app, 'Patient', null, { first: 'Ada', last: 'Lovelace' });
  const member = await call(
    app,
    'POST',
    `/api/v1/patients/${ada.userId}/family-members`,
    { first_name: 'Byron', last_name: 'Lovelace', relationship: 'Child', birth_date: '2015-05-05' },
    ada.auth,
  );
  if (member.status !== 201) throw new Error(`member: ${JSON.stringify(member.body)}`);
  // Ada has been seen at the practice: she is its patient.
  const { calendarId, position } = await createCalendar(app, practice);
  const slot = await tomorrowsSlot(app, calendarId, position);
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    ada.auth,
  );
  if (booked.status !== 201) throw new Error(`book: ${JSON.stringify(booked.body)}`);
});

afterAll(async () => {
  await app.close();
});

it('staff record a vaccination; the patient gets a passport with a QR code a verifier finds genuine, and an altered one not', async () => {
  // The practice records the dose from its workspace.
  const desk = await browser.open();
  await signIn(desk, app, practice.staff);
  await desk.goto(`${app.url}/practice/schedule`);
  await desk.getByRole('link', { name: 'Vaccinations' }).first().click();
  await desk.waitForURL('**/practice/vaccinations');
  await desk.getByTestId('patient-search').fill('lovelace');
  await desk.getByTestId('patient-result').filter({ hasText: 'Ada Lovelace' }).click();
  await desk.getByTestId('vaccination-patient').filter({ hasText: 'Ada Lovelace' }).waitFor();
  await desk.getByLabel('Vaccine name').fill('Comirnaty');
  await desk.getByLabel('Date given').fill('2026-01-15');
  await desk.getByLabel('Lot number').fill('FA1234');
  // A future day is refused before it is sent.
  await desk.getByLabel('Date given').fill('2099-01-01');
  await desk.getByTestId('record-vaccination-submit').click();
  await desk.getByText(VACCINATION_MESSAGES.dateInFuture).waitFor();
  await desk.getByLabel('Date given').fill('2026-01-15');
  await expectAccessible(desk);
  await shoot(desk, 'vaccination-record-form');
  await desk.getByTestId('record-vaccination-submit').click();
  await desk.getByTestId('vaccination-record').filter({ hasText: 'Comirnaty' }).waitFor();
  expect(await desk.getByTestId('vaccination-record').innerText()).toContain('lot FA1234');
  await shoot(desk, 'vaccination-recorded');

  // The patient comes from the home page's banner to the passport's own login.
  const patient = await browser.open();
  await patient.goto(app.url);
  const banner = patient.getByText(VACCINATION_MESSAGES.bannerTitle);
  await banner.waitFor();
  await expectAccessible(patient);
  await shoot(patient, 'vaccination-home-banner', () => banner.scrollIntoViewIfNeeded());
  await patient.getByTestId('get-vaccination-passport').click();
  await patient.waitForURL('**/vaccine-passport');
  await patient.getByRole('heading', { name: VACCINATION_MESSAGES.loginHeading }).waitFor();
  expect(await patient.getByTestId('login-signup-link').count()).toBe(0);
  await expectAccessible(patient);
  await shoot(patient, 'vaccination-passport-login');
  await passportLogin(patient, ada);

  // Ada has a family member: the family page shows her passport and Byron's lack of one.
  await patient.waitForURL('**/vaccine-passport/family');
  const card = patient.getByTestId('passport-card');
  await card.getByTestId('passport-qr').waitFor();
  expect(await card.getByTestId('passport-name').innerText()).toBe('Ada Lovelace');
  expect(await card.innerText()).toContain('Harbor Vaccination Clinic');
  expect(await patient.getByTestId('passport-qr').getAttribute('src')).toMatch(
    /^data:image\/png;base64,/,
  );
  await patient.getByTestId('family-no-record').waitFor();
  await expectAccessible(patient);
  await shoot(patient, 'vaccination-passport-family');
  const link = (await card.getByTestId('passport-verification-link').getAttribute('href'))!;
  expect(link).toMatch(new RegExp(`^${app.url}/vaccine-passport/${ada.userId}/verification#`));

  // She emails herself the link: the page says so, and her account's address has it.
  await card.getByTestId('passport-email-link').click();
  expect(await card.getByTestId('passport-email-sent').innerText()).toBe(
    VACCINATION_MESSAGES.linkSent,
  );
  const mailed = await app.database.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', ada.email)
    .where('subject', '=', 'Vaccination Passport: Ada Lovelace')
    .execute();
  expect(
    mailed.map((m) => m.body.includes(`/vaccine-passport/${ada.userId}/verification#`)),
  ).toEqual([true]);
  await expectAccessible(patient);

  // A verifier, not signed in, opens the QR code's link.
  const verifier = await browser.open();
  await verifier.goto(link);
  await verifier.getByTestId('passport-genuine').waitFor();
  expect(await verifier.getByTestId('passport-genuine').innerText()).toContain(
    VACCINATION_MESSAGES.genuine,
  );
  expect(await verifier.getByTestId('passport-name').innerText()).toBe('Ada Lovelace');
  expect(await verifier.getByRole('table').innerText()).toContain('Comirnaty');
  await expectAccessible(verifier);
  await shoot(verifier, 'vaccination-verification-genuine');

  // The same link with the dose's date changed in its data.
  const [base, token] = link.split('#') as [string, string];
  const [payload, signature] = token.split('.') as [string, string];
  const json = inflateRawSync(Buffer.from(payload, 'base64url')).toString('utf8');
  const changed = json.replace('2026-01-15', '2026-01-01');
  expect(changed).not.toBe(json);
  const altered = `${base}#${deflateRawSync(Buffer.from(changed)).toString('base64url')}.${signature}`;
  const second = await browser.open();
  await second.goto(altered);
  await second.getByTestId('passport-not-genuine').waitFor();
  expect(await second.getByTestId('passport-not-genuine').innerText()).toContain(
    VACCINATION_MESSAGES.notGenuine,
  );
  expect(await second.getByTestId('passport-name').count()).toBe(0);
  await expectAccessible(second);
  await shoot(second, 'vaccination-verification-altered');

  // The practice records the second dose: Ada's open passport page shows it without a reload.
  await desk.getByLabel('Vaccine name').fill('Comirnaty');
  await desk.getByLabel('Date given').fill('2026-02-15');
  await desk.getByLabel('Lot number').fill('FB5678');
  await desk.getByLabel('Dose number').fill('2');
  await desk.getByTestId('record-vaccination-submit').click();
  await desk.getByTestId('vaccination-record').filter({ hasText: 'FB5678' }).waitFor();
  await patient
    .getByTestId('passport-card')
    .filter({ hasText: 'FB5678' })
    .waitFor({ timeout: 10_000 });

  // Back on the home page, the banner logs Ada out; the passport login now welcomes her back.
  await patient.goto(app.url);
  await patient.getByTestId('get-vaccination-passport').click();
  await patient.waitForURL('**/vaccine-passport');
  await patient.getByRole('heading', { name: `${VACCINATION_MESSAGES.welcomeBack} Ada` }).waitFor();
  await shoot(patient, 'vaccination-passport-welcome-back');
}, 180_000);

it('a patient with no record goes to no-record after the passport login', async () => {
  const nobody = await createUser(app, 'Patient', null, { first: 'Grace', last: 'Hopper' });
  const page = await browser.open();
  await page.goto(`${app.url}/vaccine-passport`);
  await page.getByRole('heading', { name: VACCINATION_MESSAGES.loginHeading }).waitFor();
  await passportLogin(page, nobody);
  await page.waitForURL('**/vaccine-passport/no-record');
  await page.getByRole('heading', { name: 'No Vaccination Record' }).waitFor();
  await expectAccessible(page);
  await shoot(page, 'vaccination-no-record');
}, 60_000);
