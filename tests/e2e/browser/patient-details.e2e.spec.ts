import {
  DATE_MESSAGES,
  type FamilyMemberView,
  PATIENT_DETAILS_MESSAGES,
  type PatientDetailsView,
  VALIDATION_MESSAGES,
} from '@medbook/contracts';
import type { Page } from 'playwright-core';
import { bearer } from '../../support/api-client';
import { call, createUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn, untilTrue } from '../../support/browser';
import { createCalendar, createPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
const browser = browserSuite();
let page: Page;

beforeAll(async () => {
  app = await startTestApp({ config: { accountLookupMinMs: 0 } });
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 900 });
});

/** The signed-in user's id and access token, as the web stored them. */
async function session(): Promise<{ userId: string; auth: { authorization: string } }> {
  const stored = await page.evaluate<string | null>("localStorage.getItem('medbook.session')");
  const parsed = JSON.parse(stored ?? 'null') as {
    accessToken: string;
    user: { id: string };
  } | null;
  if (!parsed) throw new Error('not signed in');
  return { userId: parsed.user.id, auth: bearer(parsed.accessToken) };
}

/** Signs up through the sign-up page; lands on the patient's dashboard. */
async function signUp(first: string, last: string): Promise<void> {
  const email = `details-${Date.now()}@example.com`;
  await page.goto(`${app.url}/account/signup`);
  await page.getByTestId('signup-first_name').fill(first);
  await page.getByTestId('signup-last_name').fill(last);
  await page.getByTestId('signup-email').fill(email);
  await page.getByTestId('signup-confirm_email').fill(email);
  await page.getByTestId('signup-password').fill('Sunny-Day-42!');
  await page.getByTestId('signup-confirm_password').fill('Sunny-Day-42!');
  await page.getByTestId('signup-terms').check();
  await page.getByTestId('signup-submit').click();
  await page.waitForURL('**/dashboard/patient');
}

/** The whole page from its top (a full-page shot of a scrolled page repeats the sticky header). */
async function shootTop(name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, name);
}

/** The data-testid of the element that has focus. */
const focused = () =>
  page.evaluate<string | null>("document.activeElement?.getAttribute('data-testid') ?? null");

it("a patient corrects their own details and a family member's at Settings; a wrong value is refused at its field", async () => {
  await signUp('Rosa', 'Parks');
  const { userId, auth } = await session();
  const added = await call(
    app,
    'POST',
    `/api/v1/patients/${userId}/family-members`,
    { relationship: 'Child', first_name: 'Tomas', last_name: 'Parks', birth_date: '2015-04-03' },
    auth,
  );
  expect(added.status).toBe(201);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/v1\/patients\//.test(request.url())) {
      puts.push(request.postData() ?? '');
    }
  });

  await page.goto(`${app.url}/patient/settings/edit`);
  const mine = (name: string) => page.getByTestId(`your-details-${name}`);
  await mine('first_name').waitFor();
  expect(await mine('first_name').inputValue()).toBe('Rosa');
  expect(await mine('last_name').inputValue()).toBe('Parks');
  await page.getByTestId('family-member').filter({ hasText: 'Tomas Parks' }).waitFor();
  expect(await page.getByTestId('family-member').innerText()).toContain('04/03/2015');
  await expectAccessible(page);
  await shootTop('patient-details-settings');

  // Refused in the browser: a name of digits and a birth date in the future, at their fields.
  await mine('last_name').fill('12345');
  await mine('birth_date').fill('01/01/2999');
  await mine('save').click();
  await page.getByTestId('your-details-invalid').waitFor();
  expect(await mine('last_name').getAttribute('aria-invalid')).toBe('true');
  expect(await mine('birth_date').getAttribute('aria-invalid')).toBe('true');
  const lastHelp = page.locator('#your-details-last_name-helper-text');
  expect(await lastHelp.innerText()).toBe(VALIDATION_MESSAGES.invalid);
  expect(await page.locator('#your-details-birth_date-helper-text').innerText()).toBe(
    DATE_MESSAGES.earlierThanToday('date of birth'),
  );
  await untilTrue(
    page,
    "document.activeElement?.getAttribute('data-testid') === 'your-details-last_name'",
  );
  expect(await focused()).toBe('your-details-last_name');
  await expectAccessible(page);
  await shootTop('patient-details-invalid');
  expect(puts).toEqual([]);

  // Corrected and saved: the success message, the header's name, and the values after a reload.
  await mine('last_name').fill('McCauley');
  await mine('birth_date').fill('02/04/1913');
  await mine('mobile_number').fill('5550102233');
  await mine('zip_code').fill('36104');
  await mine('save').click();
  expect(await mine('saved').innerText()).toBe(PATIENT_DETAILS_MESSAGES.saved);
  expect(JSON.parse(puts[0]!)).toMatchObject({
    first_name: 'Rosa',
    last_name: 'McCauley',
    birth_date: '1913-02-04',
    mobile_number: '5550102233',
    zip_code: '36104',
  });
  expect(JSON.parse(puts[0]!)).not.toHaveProperty('middle_name');
  expect(await page.getByTestId('profile-menu').innerText()).toBe('RM');
  await page.reload();
  await mine('first_name').waitFor();
  expect(await mine('last_name').inputValue()).toBe('McCauley');
  expect(await mine('mobile_number').inputValue()).toBe('5550102233');
  expect(await mine('zip_code').inputValue()).toBe('36104');
  expect(await mine('birth_date').inputValue()).toBe('02/04/1913');
  expect(await page.getByTestId('profile-menu').innerText()).toBe('RM');
  await page.getByTestId('profile-menu').click();
  await page.getByText('Rosa McCauley', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  const stored = await call(app, 'GET', `/api/v1/patients/${userId}`, undefined, auth);
  expect(stored.body.data as PatientDetailsView).toMatchObject({
    kind: 'account',
    last_name: 'McCauley',
    mobile_number: '5550102233',
    zip_code: '36104',
  });

  // The family member, in the dialog: focus goes in, a wrong date is refused, then saved.
  const edit = page.getByTestId('family-member-edit');
  await edit.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('patient-details-dialog');
  const inDialog = (name: string) => page.getByTestId(`patient-details-dialog-${name}`);
  await inDialog('first_name').waitFor();
  expect(await focused()).toBe('patient-details-dialog-first_name');
  expect(await inDialog('mobile_number').count()).toBe(0);
  expect(await inDialog('zip_code').count()).toBe(0);
  expect(await inDialog('relationship').innerText()).toBe('Child');
  expect(await inDialog('birth_date').inputValue()).toBe('04/03/2015');
  await expectAccessible(page);
  await shoot(page, 'patient-details-member-dialog', async () => {
    await dialog.getByRole('heading').waitFor();
  });
  await inDialog('birth_date').fill('13/45/2015');
  await inDialog('save').click();
  await page.getByText(DATE_MESSAGES.invalidDate, { exact: true }).waitFor();
  expect(puts.length).toBe(1);
  await inDialog('birth_date').fill('04/03/2015');
  await inDialog('first_name').fill('Tomás');
  await inDialog('save').click();
  await page.getByTestId('family-member-saved').waitFor();
  expect(await page.getByTestId('family-member-saved').innerText()).toContain('Tomás Parks');
  await page.getByTestId('family-member').filter({ hasText: 'Tomás Parks' }).waitFor();
  await dialog.waitFor({ state: 'detached' });
  // The focus is back on the Edit button that opened the dialog.
  await untilTrue(
    page,
    "document.activeElement?.getAttribute('data-testid') === 'family-member-edit'",
  );
  expect(JSON.parse(puts[1]!)).toMatchObject({
    first_name: 'Tomás',
    last_name: 'Parks',
    birth_date: '2015-04-03',
    relationship: 'Child',
  });
  expect(JSON.parse(puts[1]!)).not.toHaveProperty('mobile_number');
  const family = await call(
    app,
    'GET',
    `/api/v1/patients/${userId}/family-members`,
    undefined,
    auth,
  );
  expect((family.body.data as FamilyMemberView[]).map((m) => m.full_name)).toEqual(['Tomás Parks']);
  await expectAccessible(page);
  await shootTop('patient-details-saved');
}, 120_000);

it('reads in Spanish, and Escape closes the dialog with the focus back on Edit', async () => {
  await signUp('Lucia', 'Ortega');
  const { userId, auth } = await session();
  await call(
    app,
    'POST',
    `/api/v1/patients/${userId}/family-members`,
    { relationship: 'Spouse', first_name: 'Mateo', last_name: 'Ortega' },
    auth,
  );
  await page.evaluate("localStorage.setItem('medbook.language', 'es')");
  await page.goto(`${app.url}/patient/settings/edit`);
  await page.getByText('Sus datos', { exact: true }).waitFor();
  await page.getByText('Familiares', { exact: true }).waitFor();
  expect(await page.getByTestId('family-member').innerText()).toContain('Cónyuge');
  await page.getByTestId('family-member-edit').click();
  await page.getByTestId('patient-details-dialog-first_name').waitFor();
  expect(await page.getByTestId('patient-details-dialog').innerText()).toContain('Parentesco');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('patient-details-dialog').waitFor({ state: 'detached' });
  await untilTrue(
    page,
    "document.activeElement?.getAttribute('data-testid') === 'family-member-edit'",
  );
  await shootTop('patient-details-es');
}, 90_000);

it("the front desk corrects a found patient's details in a dialog, and the results show the change", async () => {
  const practice = await createPractice(app);
  const clinic = await createCalendar(app, practice, { name: 'Dr. Ada Okafor' });
  const patient = await createUser(app, 'Patient', null, { first: 'Marcus', last: 'Whitfield' });
  const slots = [
    await tomorrowsSlot(app, clinic.calendarId, clinic.position, 1),
    await tomorrowsSlot(app, clinic.calendarId, clinic.position, 3),
  ];
  // Booked with the practice before: the desk may see and correct their details.
  const booked = await call(
    app,
    'POST',
    '/api/v1/appointments',
    { calendar_id: clinic.calendarId, start_date: slots[0]!.start_date },
    patient.auth,
  );
  expect(booked.status).toBe(201);

  await signIn(page, app, practice.staff);
  await page.goto(
    `${app.url}/practice/book?calendar_id=${clinic.calendarId}&start=${encodeURIComponent(slots[1]!.start_date)}`,
  );
  await page.getByTestId('patient-search').fill('Whitfield');
  const result = page.getByTestId('patient-result').filter({ hasText: 'Marcus Whitfield' });
  await result.waitFor();
  const edit = page.getByRole('button', { name: 'Edit details of Marcus Whitfield' });
  await expectAccessible(page);
  await shootTop('patient-details-desk-results');
  await edit.click();
  const inDialog = (name: string) => page.getByTestId(`patient-details-dialog-${name}`);
  await inDialog('first_name').waitFor();
  // An account: mobile number and zip code, no relationship.
  expect(await inDialog('mobile_number').count()).toBe(1);
  expect(await inDialog('zip_code').count()).toBe(1);
  expect(await inDialog('relationship').count()).toBe(0);
  await expectAccessible(page);
  await shoot(page, 'patient-details-desk-dialog', async () => {
    await inDialog('first_name').waitFor();
  });
  await inDialog('last_name').fill('Whitfield-Cole');
  await inDialog('birth_date').fill('07/21/1964');
  await inDialog('save').click();
  await page.getByTestId('patient-details-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('toast').filter({ hasText: PATIENT_DETAILS_MESSAGES.saved }).waitFor();
  await page.getByTestId('patient-result').filter({ hasText: 'Marcus Whitfield-Cole' }).waitFor();
  await untilTrue(
    page,
    "document.activeElement?.getAttribute('data-testid') === 'patient-edit-details'",
  );
  const stored = await call(
    app,
    'GET',
    `/api/v1/patients/${patient.userId}`,
    undefined,
    patient.auth,
  );
  expect(stored.body.data as PatientDetailsView).toMatchObject({
    last_name: 'Whitfield-Cole',
    birth_date: '1964-07-21',
  });
  // The picking still works as before: the result (not its Edit button) picks the patient.
  await page.getByTestId('patient-result').first().click();
  await page.getByTestId('chosen-patient').waitFor();
  expect(await page.getByTestId('chosen-patient').innerText()).toContain('Whitfield-Cole');
}, 120_000);
