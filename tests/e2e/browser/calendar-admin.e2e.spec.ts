import path from 'node:path';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { call } from '../../support/accounts';
import { browserSuite, markDocument, SHOTS, signIn } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerFacility,
  type TestPractice,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const ZONE = 'America/New_York';

let app: TestApp;
const browser = browserSuite();
let practice: TestPractice;

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
      gender: 'Female',
      specialties: ['Cardiologist (Heart Doctor)'],
      facility_ids: [facilityId],
    },
    practice.admin.auth,
  );
  expect(registered.status).toBe(201);
  await createCalendar(app, practice, {
    name: 'Dr. Okafor, office',
    facility_id: facilityId,
    booking_capacity: 2,
  });
});

afterAll(async () => {
  await app.close();
});

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, app, practice.admin);
  await page.goto(`${app.url}/practice-admin/calendars`);
  await page.getByRole('heading', { name: 'Calendars', exact: true }).waitFor();
  await page.getByLabel('Calendar name').waitFor();
}

describe('the calendar editor', () => {
  it.each([375, 1280])(
    'shows the practice calendars and the settings form (%i px)',
    async (width) => {
      const page = await browser.open({ width, height: 900 });
      await signInAsAdmin(page);
      expect(await page.getByLabel('Calendar name').inputValue()).toBe('Dr. Okafor, office');
      await page
        .getByRole('list', { name: 'Practice calendars' })
        .getByText('Dr. Okafor, office')
        .waitFor();
      await page.screenshot({
        path: path.join(SHOTS, `calendar-admin-${width}.png`),
        fullPage: true,
      });
    },
  );

  it("an admin's block removes the slots from a patient's open widget in another browser, without reload", async () => {
    const [admin, patient] = await Promise.all([browser.open(), browser.open()]);
    const url = `${app.url}/provider-search?specialty=${encodeURIComponent('Cardiologist (Heart Doctor)')}&page_no=1`;
    await patient.goto(url);
    await patient.getByTestId('slot').first().waitFor();
    await signInAsAdmin(admin);

    // Tomorrow's first two slots (offered whatever the hour now), blocked as one span.
    const tomorrow = patient.getByTestId('provider-card').first().getByRole('group').nth(1);
    const starts: string[] = [];
    for (const index of [0, 1]) {
      const start = await tomorrow.getByTestId('slot').nth(index).getAttribute('data-start');
      if (start) starts.push(start);
    }
    expect(starts).toHaveLength(2);
    const slotIn = (start: string) =>
      patient.locator(`[data-testid="slot"][data-start="${start}"]`);
    for (const start of starts) await slotIn(start).waitFor();
    const local = (iso: string) =>
      DateTime.fromISO(iso, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm");
    const end = DateTime.fromISO(starts[1] ?? '')
      .plus({ minutes: 30 })
      .toISO()!;
    await admin.getByLabel('Block from').fill(local(starts[0] ?? ''));
    await admin.getByLabel('Block until').fill(local(end));

    const sameDocument = await markDocument(patient);
    const before = Date.now();
    await admin.getByRole('button', { name: 'Block time' }).click();
    // A lost push would leave them there for good; a loaded CI machine has taken over 3 s (the
    // latency itself is measured by npm run bench:booking, commit to socket, not asserted here).
    await Promise.all(
      starts.map((start) => slotIn(start).waitFor({ state: 'detached', timeout: 20_000 })),
    );
    const elapsed = Date.now() - before;
    // The editor lists the span it blocked.
    await admin
      .getByRole('list', { name: 'Blocked spans' })
      .getByRole('button', { name: /^Unblock / })
      .waitFor();
    // The patient never reloaded; the slot after the span is still offered.
    await sameDocument();
    const third = await tomorrow.getByTestId('slot').first().getAttribute('data-start');
    expect(Date.parse(third!)).toBeGreaterThanOrEqual(Date.parse(end));
    process.stdout.write(
      `blocked slots left the patient's widget ${elapsed} ms after the admin clicked Block time\n`,
    );
    await admin.screenshot({
      path: path.join(SHOTS, 'calendar-admin-blocked-1280.png'),
      fullPage: true,
    });

    // "View as of" the moment before the block: the week patients saw then still offers them.
    const day = DateTime.fromISO(starts[0]!, { zone: ZONE }).toISODate()!;
    const label = DateTime.fromISO(starts[0]!, { zone: ZONE }).toFormat('h:mm a');
    const pastWeek = admin.getByTestId('past-week').locator(`[data-day="${day}"]`);
    await admin.getByLabel('Week from').fill(day);
    await admin
      .getByTestId('as-of')
      .fill(DateTime.fromMillis(before, { zone: ZONE }).toFormat("yyyy-MM-dd'T'HH:mm:ss"));
    await admin.getByRole('button', { name: 'Show' }).click();
    await pastWeek.getByText(new RegExp(`^${label} · \\d+ free$`)).waitFor();
    await admin.getByTestId('past-week').screenshot({
      path: path.join(SHOTS, 'calendar-admin-as-of-1280.png'),
    });
    // As of now, the blocked slot is gone from the same week.
    await admin
      .getByTestId('as-of')
      .fill(DateTime.now().setZone(ZONE).plus({ seconds: 1 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"));
    await admin.getByRole('button', { name: 'Show' }).click();
    await pastWeek.getByText(new RegExp(`^${label} · \\d+ free$`)).waitFor({ state: 'detached' });
  }, 90_000);
});
