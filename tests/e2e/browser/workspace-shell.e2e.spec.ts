import type { Page } from 'playwright-core';
import { createUser } from '../../support/accounts';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import { createPractice, type TestPractice } from '../../support/scheduling';
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

const nav = (page: Page) => page.getByRole('navigation', { name: 'Workspace' });

/** The back office's chrome, and none of the patient site's. */
async function expectWorkspaceChrome(page: Page) {
  await nav(page).waitFor();
  expect(await page.getByRole('combobox', { name: 'Find a doctor' }).count()).toBe(0);
  expect(await page.locator('footer').count()).toBe(0);
}

it("gives staff the back office's own shell, with the navigation on every workspace page", async () => {
  const staff = await browser.open();
  await signIn(staff, app, practice.staff, '/dashboard/practice-staff');
  await expectWorkspaceChrome(staff);
  // Accept/reject is on by default, so Requests shows.
  // No Reports or Settings for staff (spec 6 gives those to admins and providers); no Reputation
  // Management while the practice has not set it up (its login's reputation_setting).
  expect(await nav(staff).getByRole('link').allInnerTexts()).toEqual([
    'Schedule',
    'Appointments',
    'Check-In Summary',
    'Requests',
    'Walk-in queue',
    'Waitlists',
    'Vaccinations',
    'Surveys',
    'Check-in kiosk',
  ]);
  expect(
    await nav(staff).getByRole('link', { name: 'Appointments' }).getAttribute('aria-current'),
  ).toBe('page');

  // The walk-in queue page used to lose the header's navigation: it stays here.
  await nav(staff).getByRole('link', { name: 'Walk-in queue' }).click();
  await staff.waitForURL('**/walk-in-queue');
  await expectWorkspaceChrome(staff);
  expect(
    await nav(staff).getByRole('link', { name: 'Walk-in queue' }).getAttribute('aria-current'),
  ).toBe('page');
  await shoot(staff, 'workspace-shell-walk-in');

  // Reached by keyboard, a navigation link shows a focus ring.
  let inNav = false;
  for (let tabs = 0; tabs < 12 && !inNav; tabs += 1) {
    await staff.keyboard.press('Tab');
    inNav = await staff.evaluate<boolean>(
      `!!document.activeElement?.closest('nav[aria-label="Workspace"]')`,
    );
  }
  expect(inNav).toBe(true);
  const ring = await staff.evaluate<string>(
    `(() => { const style = getComputedStyle(document.activeElement); return style.outlineStyle + ' ' + style.outlineWidth; })()`,
  );
  expect(ring).toBe('solid 2px');
  await expectAccessible(staff);

  for (const [label, path] of [
    ['Schedule', '/practice/schedule'],
    ['Waitlists', '/practice/waitlists'],
    ['Appointments', '/dashboard/practice-staff'],
  ] as const) {
    await nav(staff).getByRole('link', { name: label }).click();
    await staff.waitForURL(`**${path}`);
    await expectWorkspaceChrome(staff);
  }
}, 120_000);

it('gives practice admins the set-up and reports, and phones a menu behind a button', async () => {
  const admin = await browser.open();
  await signIn(admin, app, practice.admin, '/practice-admin/dashboard');
  await expectWorkspaceChrome(admin);
  for (const [label, path] of [
    ['Calendars', '/practice-admin/calendars'],
    ['Audit trail', '/practice-admin/audit'],
    ['Analytics', '/practice-admin/analytics'],
  ] as const) {
    await nav(admin).getByRole('link', { name: label }).click();
    await admin.waitForURL(`**${path}`);
    await expectWorkspaceChrome(admin);
  }
  await shoot(admin, 'workspace-shell-admin');

  // A phone: the navigation waits behind the menu button and closes once a page is chosen.
  const phone = await browser.open({ width: 375, height: 800 });
  await signIn(phone, app, practice.admin, '/practice-admin/dashboard');
  expect(await nav(phone).isVisible()).toBe(false);
  await phone.getByRole('button', { name: 'Open the workspace menu' }).click();
  await nav(phone).waitFor();
  await expectAccessible(phone);
  await phone.screenshot({
    path: `${__dirname}/../../browser/screenshots/workspace-shell-menu-375.png`,
  });
  await nav(phone).getByRole('link', { name: 'Walk-in queue' }).click();
  await phone.waitForURL('**/walk-in-queue');
  await nav(phone).waitFor({ state: 'hidden' });
  expect(await phone.locator('footer').count()).toBe(0);

  // A patient keeps the patient site's header and footer.
  const patient = await createUser(app, 'Patient', null, { first: 'Rosa', last: 'Diaz' });
  const patientPage = await browser.open();
  await signIn(patientPage, app, patient, '/dashboard/patient');
  await patientPage.locator('footer').waitFor();
  expect(await nav(patientPage).count()).toBe(0);
}, 120_000);
