import path from 'node:path';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, SHOTS } from '../../support/browser';
import { createCalendar, createPractice, registerFacility } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const WIDTHS = [375, 1280] as const;

let app: TestApp;
const browser = browserSuite();
let calendarId: string;

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
      professional_suffixes: ['MD', 'FACC', 'PhD'],
      provider_type: 'local',
      gender: 'Female',
      specialties: ['Cardiologist (Heart Doctor)'],
      facility_ids: [facilityId],
    },
    practice.admin.auth,
  );
  expect(registered.status).toBe(201);
  ({ calendarId } = await createCalendar(app, practice, {
    facility_id: facilityId,
    booking_capacity: 2,
  }));
});

afterAll(async () => {
  await app.close();
});

async function searchFromHome(page: Page, width: number): Promise<void> {
  await page.goto(app.url);
  await page.getByRole('heading', { name: 'Find a Top Doctor' }).waitFor();
  expect(await page.title()).toBe('Find a Doctor Near You | Schedule Online');
  await page.screenshot({ path: path.join(SHOTS, `home-${width}.png`), fullPage: true });
  const specialty = page.getByRole('combobox', { name: 'Search condition or specialty' });
  await specialty.fill('Cardio');
  await page.getByRole('option', { name: 'Cardiologist (Heart Doctor)' }).click();
  if (width > 767) {
    // Desktop: choosing a specialty without insurance opens the plan panel (spec 4.2).
    await page.getByTestId('insurance-panel').waitFor();
    await page.getByRole('button', { name: 'Skip insurance' }).click({ timeout: 3000 });
    await page.getByRole('button', { name: 'Search', exact: true }).click({ timeout: 3000 });
  }
  await page.waitForURL(/\/provider-search\?/, { timeout: 5000 });
}

describe('provider search', () => {
  it.each(WIDTHS)(
    'searches from home and shows providers with their week (%i px)',
    async (width) => {
      const page = await browser.open({ width, height: 900 });
      await searchFromHome(page, width);
      const query = new URL(page.url()).searchParams;
      expect(query.get('specialty')).toBe('Cardiologist (Heart Doctor)');
      expect(query.get('page_no')).toBe('1');
      const card = page.getByTestId('provider-card').first();
      await card.getByRole('heading', { name: 'Amara Okafor, MD, FACC' }).waitFor();
      await card.getByTestId('slot').first().waitFor();
      const times = await card.getByTestId('slot').allInnerTexts();
      expect(times.every((t) => /^\d{1,2}:\d{2} (am|pm)$/.test(t))).toBe(true);
      await page.screenshot({
        path: path.join(SHOTS, `search-results-${width}.png`),
        fullPage: true,
      });
      await card
        .getByTestId('availability')
        .screenshot({ path: path.join(SHOTS, `widget-${width}.png`) });
      const stored = await page.evaluate<string | null>("sessionStorage.getItem('medbook.search')");
      expect(JSON.parse(stored ?? '{}')).toMatchObject({
        filter: { specialty: 'Cardiologist (Heart Doctor)' },
        result: { count: 1 },
      });
      await page.close();
    },
  );
});

describe('live availability', () => {
  let pages: Page[];

  beforeAll(async () => {
    // Two browsers, open for the whole block: one sees what the other does.
    pages = await Promise.all([browser.open(), browser.open()]);
    const url = `${app.url}/provider-search?specialty=${encodeURIComponent('Cardiologist (Heart Doctor)')}&page_no=1`;
    await Promise.all(pages.map((p) => p.goto(url)));
    await Promise.all(pages.map((p) => p.getByTestId('slot').first().waitFor()));
  });

  const slotIn = (page: Page, start: string) =>
    page.locator(`[data-testid="slot"][data-start="${start}"]`);

  async function hold(start: string, patient: TestUser): Promise<void> {
    const response = await call(
      app,
      'PUT',
      `/api/v1/calendars/${calendarId}/slots/hold`,
      { start_date: start },
      patient.auth,
    );
    expect(response.status).toBe(200);
  }

  // The one-second goal is measured by `npm run bench:booking` (commit-to-socket); here: live, no reload.
  it('drops the places of a slot held elsewhere live, in every open browser, without reload', async () => {
    // Tomorrow's first slot: offered whatever the hour now.
    const columns = pages[0]!.getByRole('group');
    const tomorrow = columns.nth(1);
    const start = (await tomorrow.getByTestId('slot').first().getAttribute('data-start'))!;
    for (const page of pages)
      expect(await slotIn(page, start).getAttribute('data-places')).toBe('2');

    const [first, second] = await Promise.all([
      createUser(app, 'Patient'),
      createUser(app, 'Patient'),
    ]);
    const before = Date.now();
    await hold(start, first);
    await Promise.all(
      pages.map((page) =>
        page
          .locator(`[data-testid="slot"][data-start="${start}"][data-places="1"]`)
          .waitFor({ timeout: 5_000 }),
      ),
    );
    const elapsed = Date.now() - before;

    await hold(start, second);
    await Promise.all(
      pages.map((page) => slotIn(page, start).waitFor({ state: 'detached', timeout: 5_000 })),
    );
    // Nobody reloaded: the page still holds the search it opened with.
    for (const page of pages)
      expect(await page.evaluate<number>("performance.getEntriesByType('navigation').length")).toBe(
        1,
      );
    process.stdout.write(
      `slot change seen in both browsers ${elapsed} ms after the hold was accepted\n`,
    );
  });
});
