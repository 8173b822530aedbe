import type { CalendarView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { call } from '../../support/accounts';
import { eventually } from '../../support/events';
import { browserSuite, expectAccessible, shoot, signIn } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerEntry,
  registerFacility,
  type TestPractice,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 18, part 8: the calendar editor for people. Split-shift hours per weekday with a live
 * preview of the week before saving, then the patient's week showing the break; custom forms
 * chosen from the practice's forms; a calendar for a resource; and the practice's facilities,
 * providers and resources registered and edited in the directory.
 */
const ZONE = 'America/New_York';
const SPECIALTY = 'Cardiologist (Heart Doctor)';

let app: TestApp;
const browser = browserSuite();
let practice: TestPractice;
let calendarId: string;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  const facilityId = await registerFacility(app, practice, ZONE);
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
      specialties: [SPECIALTY],
      facility_ids: [facilityId],
    },
    practice.admin.auth,
  );
  expect(registered.status).toBe(201);
  await registerEntry(app, practice, 'resources', {
    name: 'Ultrasound room',
    kind: 'Room',
    facility_ids: [facilityId],
  });
  ({ calendarId } = await createCalendar(app, practice, {
    name: 'Dr. Okafor, office',
    facility_id: facilityId,
  }));
});

afterAll(async () => {
  await app.close();
});

async function openCalendars(page: Page): Promise<void> {
  await signIn(page, app, practice.admin);
  await page.goto(`${app.url}/practice-admin/calendars`);
  // The machine may be busy: the first page of the file gets a minute.
  await page.getByRole('heading', { name: 'Calendars', exact: true }).waitFor({ timeout: 60_000 });
  await page.getByLabel('Calendar name').waitFor();
}

const calendarNow = async (): Promise<CalendarView> =>
  (await call(app, 'GET', `/api/v1/calendars/${calendarId}`)).body.data as CalendarView;

/** The calendar once the projection shows what was saved (the toast comes with the answer). */
const calendarWhen = (check: (calendar: CalendarView) => boolean) => eventually(calendarNow, check);

describe('the calendar editor', () => {
  it("sets split shifts with the preview showing the break, and the patient's week shows the split", async () => {
    const admin = await browser.open();
    await openCalendars(admin);
    const preview = admin.getByTestId('week-preview');
    // Next week (the calendar opens today): its Monday in the facility's zone.
    const monday = DateTime.now().setZone(ZONE).startOf('week').plus({ weeks: 1 });
    await preview.getByLabel('Week of').fill(monday.toISODate()!);
    const previewDay = (day: DateTime) => preview.locator(`[data-day="${day.toISODate()}"]`);
    await previewDay(monday).getByText('8:00 AM – 5:00 PM').waitFor();

    await admin.getByLabel('Monday span 1 until').fill('12:00');
    await admin.getByRole('button', { name: 'Add hours (Monday)' }).click();
    await admin.getByLabel('Monday span 2 from').fill('13:30');
    await admin.getByLabel('Monday span 2 until').fill('17:00');
    await admin.getByRole('button', { name: 'Copy to all weekdays (Monday)' }).click();
    await admin.getByLabel('Saturday span 1 from').fill('09:00');
    await admin.getByLabel('Saturday span 1 until').fill('12:00');
    await admin.getByRole('button', { name: 'Remove Sunday span 1' }).click();

    // The preview follows the edits before anything is saved: the break, Saturday's morning,
    // Sunday closed.
    await previewDay(monday).getByText('Break 12:00 PM – 1:30 PM').waitFor();
    await previewDay(monday.plus({ days: 4 }))
      .getByText('1:30 PM – 5:00 PM')
      .waitFor();
    await previewDay(monday.plus({ days: 5 }))
      .getByText('9:00 AM – 12:00 PM')
      .waitFor();
    await previewDay(monday.plus({ days: 6 }))
      .getByText('Closed')
      .waitFor();
    expect((await calendarNow()).weekly_hours[0]!.spans).toEqual([
      { start: '08:00', end: '17:00' },
    ]);
    await expectAccessible(admin);
    await shoot(admin, 'calendar-editor-split-hours');

    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Calendar updated.').waitFor();
    const saved = await calendarWhen((c) => c.weekly_hours[6]!.spans.length === 0);
    expect(saved.weekly_hours[0]!.spans).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:30', end: '17:00' },
    ]);
    expect(saved.weekly_hours[6]!.spans).toEqual([]);
    await admin
      .getByRole('list', { name: 'Practice calendars' })
      .getByText(/Mon Tue Wed Thu Fri Sat · split hours/)
      .waitFor();

    // The patient's week: on the next weekday, slots up to 11:30 and from 13:30, none between.
    const patient = await browser.open();
    await patient.goto(
      `${app.url}/provider-search?specialty=${encodeURIComponent(SPECIALTY)}&page_no=1`,
    );
    await patient.getByTestId('slot').first().waitFor();
    const more = patient.getByRole('button', { name: 'More appointments' });
    if (await more.count()) await more.first().click();
    const today = DateTime.now().setZone(ZONE).startOf('day');
    const offset = [1, 2, 3, 4].find((d) => today.plus({ days: d }).weekday <= 5)!;
    const day = patient.getByTestId('provider-card').first().getByRole('group').nth(offset);
    await day.getByTestId('slot').first().waitFor();
    const slots = day.getByTestId('slot');
    const starts: string[] = [];
    for (let i = 0; i < (await slots.count()); i += 1) {
      starts.push((await slots.nth(i).getAttribute('data-start')) ?? '');
    }
    const local = starts.map((s) => DateTime.fromISO(s, { zone: ZONE }).toFormat('HH:mm'));
    expect(local).toContain('11:30');
    expect(local).toContain('13:30');
    for (const gap of ['12:00', '12:30', '13:00']) expect(local).not.toContain(gap);
    await shoot(patient, 'calendar-editor-patient-week');
  }, 120_000);

  it('chooses custom forms from the practice’s forms', async () => {
    const admin = await browser.open();
    await openCalendars(admin);
    const forms = admin.getByLabel('Custom forms');
    await forms.click();
    await admin.getByRole('option', { name: 'COVID-19 screening' }).click();
    await forms.click();
    await admin.getByRole('option', { name: 'New patient questions' }).click();
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Calendar updated.').waitFor();
    const saved = await calendarWhen((c) => c.custom_form_ids.length > 0);
    expect(saved.custom_form_ids).toEqual(['covid-screening', 'new-patient']);
    await admin.reload();
    await admin.getByRole('button', { name: 'COVID-19 screening' }).waitFor();
    await admin.getByRole('button', { name: 'New patient questions' }).waitFor();
  }, 120_000);

  it('creates a calendar for a resource', async () => {
    const admin = await browser.open();
    await openCalendars(admin);
    await admin.getByRole('button', { name: 'New calendar' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New calendar' });
    await dialog.getByRole('radio', { name: 'A resource' }).check();
    await dialog.getByRole('combobox', { name: 'Resource' }).click();
    await admin.getByRole('option', { name: 'Ultrasound room' }).click();
    await dialog.getByRole('combobox', { name: 'Facility' }).click();
    await admin.getByRole('option', { name: 'Test Clinic' }).click();
    await dialog.getByLabel('Calendar name').fill('Ultrasound');
    // Its bookings are lab-test appointments (issue 20).
    await dialog
      .getByRole('switch', { name: 'Lab test (bookings are lab-test appointments)' })
      .check();
    // The new calendar's week is previewed before it exists: weekdays 8 to 5, weekends closed.
    await dialog.getByTestId('week-preview').getByText('8:00 AM – 5:00 PM').first().waitFor();
    await expectAccessible(admin);
    await shoot(admin, 'calendar-editor-resource-calendar', async () => {
      await dialog.getByLabel('Calendar name').scrollIntoViewIfNeeded();
    });
    await dialog.getByRole('button', { name: 'Create calendar' }).click();
    await admin.getByText('Calendar created.').waitFor();
    await admin
      .getByRole('list', { name: 'Practice calendars' })
      .getByText('Resource · Mon Tue Wed Thu Fri · 30 min')
      .waitFor();
    const calendars = (
      await call(
        app,
        'GET',
        `/api/v1/practices/${practice.practiceId}/calendars`,
        undefined,
        practice.admin.auth,
      )
    ).body.data as CalendarView[];
    expect(calendars.find((c) => c.name === 'Ultrasound')).toMatchObject({
      visit_type: 'Resource',
      provider_id: null,
      is_lab_test: true,
    });
  }, 120_000);
});

describe('the directory', () => {
  it('registers and edits a facility, a provider and a resource', async () => {
    const admin = await browser.open();
    await signIn(admin, app, practice.admin);
    await admin.goto(`${app.url}/practice-admin/directory`);
    await admin.getByRole('heading', { name: 'Directory' }).waitFor();
    const list = (name: string) => admin.getByRole('list', { name });
    await list('Facilities').getByText('Test Clinic').waitFor();
    await expectAccessible(admin);
    await shoot(admin, 'directory-admin');

    // A facility: refused while incomplete, then added, then renamed.
    await admin.getByRole('button', { name: 'New facility' }).click();
    let dialog = admin.getByRole('dialog', { name: 'New facility' });
    await dialog.getByLabel('Facility name').fill('Harbor Clinic');
    await dialog.getByRole('button', { name: 'Add facility' }).click();
    await dialog.getByText('Invalid character length').first().waitFor();
    await dialog.getByLabel('Address', { exact: true }).fill('9 Harbor Rd');
    await dialog.getByLabel('City').fill('Boston');
    await dialog.getByRole('combobox', { name: 'State' }).click();
    await admin.getByRole('option', { name: 'Massachusetts' }).click();
    await dialog.getByLabel('Zip code').fill('02110');
    // The state menu fades out: axe reads the dialog once it is gone.
    await admin.locator('li[data-value="MA"]').waitFor({ state: 'detached' });
    await expectAccessible(admin);
    await shoot(admin, 'directory-admin-facility-dialog', async () => {
      await dialog.getByLabel('Facility name').scrollIntoViewIfNeeded();
    });
    await dialog.getByRole('button', { name: 'Add facility' }).click();
    await list('Facilities').getByText('Harbor Clinic').waitFor();
    await admin.getByRole('button', { name: 'Edit Harbor Clinic' }).click();
    dialog = admin.getByRole('dialog', { name: 'Edit Harbor Clinic' });
    expect(await dialog.getByRole('combobox', { name: 'Time zone' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Facility name').fill('Harbor Clinic East');
    await dialog.getByRole('button', { name: 'Save facility' }).click();
    await list('Facilities').getByText('Harbor Clinic East').waitFor();

    // A provider at the new facility, then renamed.
    await admin.getByRole('tab', { name: /Providers/ }).click();
    await admin.getByRole('button', { name: 'New provider' }).click();
    dialog = admin.getByRole('dialog', { name: 'New provider' });
    await dialog.getByLabel('First name').fill('Lena');
    await dialog.getByLabel('Last name').fill('Park');
    await dialog.getByLabel('Specialties').fill('Family Medicine');
    await dialog.getByLabel('Specialties').press('Enter');
    await dialog.getByLabel('Facilities').click();
    await admin.getByRole('option', { name: 'Harbor Clinic East' }).click();
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await list('Providers').getByText('Lena Park').waitFor();
    await list('Providers').getByText('Family Medicine · Harbor Clinic East').waitFor();
    await admin.getByRole('button', { name: 'Edit Lena Park' }).click();
    dialog = admin.getByRole('dialog', { name: 'Edit Lena Park' });
    await dialog.getByLabel('Last name').fill('Park-Lee');
    await dialog.getByRole('button', { name: 'Save provider' }).click();
    await list('Providers').getByText('Lena Park-Lee').waitFor();

    // A resource, then changed to a lab.
    await admin.getByRole('tab', { name: /Resources/ }).click();
    await admin.getByRole('button', { name: 'New resource' }).click();
    dialog = admin.getByRole('dialog', { name: 'New resource' });
    await dialog.getByLabel('Resource name').fill('Blood lab');
    await dialog.getByRole('button', { name: 'Add resource' }).click();
    await list('Resources').getByText('Blood lab').waitFor();
    await admin.getByRole('button', { name: 'Edit Blood lab' }).click();
    dialog = admin.getByRole('dialog', { name: 'Edit Blood lab' });
    await dialog.getByRole('combobox', { name: 'Kind' }).click();
    await admin.getByRole('option', { name: 'Lab' }).click();
    await dialog.getByRole('button', { name: 'Save resource' }).click();
    await list('Resources').getByText(/^Lab/).waitFor();
    await shoot(admin, 'directory-admin-resources');

    const providers = (await call(app, 'GET', `/api/v1/practices/${practice.practiceId}/providers`))
      .body.data as { name: string }[];
    expect(providers.map((p) => p.name)).toContain('Lena Park-Lee');
  }, 120_000);
});
