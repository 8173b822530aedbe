import path from 'node:path';
import type { Page } from 'playwright-core';
import { call, createUser, type TestUser } from '../../support/accounts';
import { browserSuite, expectAccessible, markDocument, SHOTS } from '../../support/browser';
import {
  createCalendar,
  createPractice,
  registerEntry,
  registerFacility,
} from '../../support/scheduling';
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
  // Issue 19: family doctors, and a psychiatrist who lists Family Medicine second.
  for (const [first_name, last_name, gender, specialties, languages, insurances, visit_type] of [
    ['Nadia', 'Flores', 'Female', ['Family Medicine'], ['English', 'Spanish'], ['Aetna'], 'Office'],
    ['Omar', 'Reyes', 'Male', ['Family Medicine'], ['English'], [], 'Telehealth'],
    [
      'Victor',
      'Stone',
      'Male',
      ['Psychiatrist', 'Family Medicine'],
      ['English'],
      ['Cigna'],
      'Telehealth',
    ],
  ] as const) {
    const { id } = await registerEntry(app, practice, 'providers', {
      first_name,
      last_name,
      gender,
      provider_type: 'local',
      specialties,
      languages,
      insurances,
      facility_ids: [facilityId],
    });
    await createCalendar(app, practice, {
      name: `Dr. ${first_name} ${last_name}`,
      provider_id: id,
      facility_id: facilityId,
      visit_type,
    });
  }
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
    await page.getByRole('button', { name: 'Skip insurance' }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
  }
  await page.waitForURL(/\/provider-search\?/, { timeout: 20_000 });
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
      // No slot's label is cut at any width: its text fits the button (a phone scrolls the days).
      const cut = await page.evaluate<string[]>(
        `[...document.querySelectorAll('[data-testid="slot"]')]
          .filter((b) => b.scrollWidth > b.clientWidth + 1)
          .map((b) => b.textContent)`,
      );
      expect(cut).toEqual([]);
      await expectAccessible(page);
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
    // The days of the provider's week (the page has other groups: Search for's toggle).
    const columns = pages[0]!.getByTestId('provider-card').getByRole('group');
    const tomorrow = columns.nth(1);
    const start = (await tomorrow.getByTestId('slot').first().getAttribute('data-start'))!;
    for (const page of pages)
      expect(await slotIn(page, start).getAttribute('data-places')).toBe('2');

    const [first, second] = await Promise.all([
      createUser(app, 'Patient'),
      createUser(app, 'Patient'),
    ]);
    const sameDocuments = await Promise.all(pages.map(markDocument));
    const before = Date.now();
    await hold(start, first);
    await Promise.all(
      pages.map((page) =>
        page
          .locator(`[data-testid="slot"][data-start="${start}"][data-places="1"]`)
          .waitFor({ timeout: 20_000 }),
      ),
    );
    const elapsed = Date.now() - before;

    await hold(start, second);
    await Promise.all(
      pages.map((page) => slotIn(page, start).waitFor({ state: 'detached', timeout: 20_000 })),
    );
    // Nobody reloaded: the page still holds the search it opened with.
    for (const sameDocument of sameDocuments) await sameDocument();
    process.stdout.write(
      `slot change seen in both browsers ${elapsed} ms after the hold was accepted\n`,
    );
  });
});

describe('finding a provider: typed text, relevance and filters (issue 19)', () => {
  const names = (page: Page) =>
    page.getByTestId('provider-card').getByRole('heading', { level: 2 }).allInnerTexts();
  const choose = async (page: Page, label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const waitForCount = (page: Page, count: number) =>
    page
      .getByTestId('result-count')
      .filter({ hasText: count === 1 ? '1 provider' : `${count} providers` })
      .waitFor({ timeout: 10_000 });

  it.each(WIDTHS)(
    'searches what was typed (a typo too), family doctors first, and filters that survive a reload (%i px)',
    async (width) => {
      const page = await browser.open({ width, height: 900 });
      page.setDefaultTimeout(10_000);
      await page.goto(app.url);
      const box = page.getByRole('combobox', { name: 'Search condition or specialty' });
      // Typed, not chosen from the list, and misspelt: still searched.
      await box.fill('family medcine');
      await box.press('Escape');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/\/provider-search\?/, { timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get('specialty')).toBe('family medcine');
      await waitForCount(page, 3);
      const found = await names(page);
      // Relevance: the psychiatrist who lists Family Medicine second comes last.
      expect(found[2]).toMatch(/^Victor Stone/);
      expect(found.slice(0, 2).sort()).toEqual([
        expect.stringMatching(/^Nadia Flores/),
        expect.stringMatching(/^Omar Reyes/),
      ]);

      await choose(page, 'Visit type', 'Video visit');
      await page.waitForURL(/visit_type=Telehealth/);
      await waitForCount(page, 2);
      expect((await names(page))[0]).toMatch(/^Omar Reyes/);
      await choose(page, 'Gender', 'Male');
      await page.waitForURL(/gender_code=M/);
      await choose(page, 'Sort by', 'Availability');
      await page.waitForURL(/sort_on=availability/);
      await waitForCount(page, 2);
      // A reload keeps every filter, in the address and in the controls.
      await page.reload();
      await waitForCount(page, 2);
      await expect(page.getByRole('combobox', { name: 'Visit type' }).innerText()).resolves.toBe(
        'Video visit',
      );
      await expect(page.getByRole('combobox', { name: 'Gender' }).innerText()).resolves.toBe(
        'Male',
      );
      await expect(page.getByRole('combobox', { name: 'Sort by' }).innerText()).resolves.toBe(
        'Availability',
      );
      // No zip code: distance waits for one.
      await expect(
        page.getByRole('combobox', { name: 'Distance' }).getAttribute('aria-disabled'),
      ).resolves.toBe('true');
      await choose(page, 'Visit type', 'Any');
      await choose(page, 'Gender', 'Any');
      await choose(page, 'Language', 'Spanish');
      await page.waitForURL(/language=Spanish/);
      await waitForCount(page, 1);
      expect(await names(page)).toEqual([expect.stringMatching(/^Nadia Flores/)]);
      await choose(page, 'Available', 'Within 7 days');
      await page.waitForURL(/available_within_days=7/);
      await waitForCount(page, 1);
      await page.getByTestId('slot').first().waitFor();
      await expectAccessible(page);
      await page.screenshot({
        path: path.join(SHOTS, `search-filters-${width}.png`),
        fullPage: true,
      });
    },
    90_000,
  );

  it.each(WIDTHS)(
    'shows In network and Accepts my insurance only when an insurance was chosen (%i px)',
    async (width) => {
      const page = await browser.open({ width, height: 900 });
      page.setDefaultTimeout(10_000);
      await page.goto(`${app.url}/provider-search?specialty=Family%20Medicine&page_no=1`);
      await waitForCount(page, 3);
      expect(await page.getByText('In network').count()).toBe(0);
      expect(await page.getByRole('checkbox', { name: 'Accepts my insurance' }).count()).toBe(0);

      await page.goto(
        `${app.url}/provider-search?specialty=Family%20Medicine&insurance_name=Aetna&page_no=1`,
      );
      await waitForCount(page, 1);
      const accepts = page.getByRole('checkbox', { name: 'Accepts my insurance' });
      expect(await accepts.isChecked()).toBe(true);
      const nadia = page.getByTestId('provider-card').filter({ hasText: 'Nadia Flores' });
      await nadia.getByText('In network').waitFor();
      await accepts.click();
      await page.waitForURL(/accepts_insurance=false/);
      await waitForCount(page, 3);
      expect(await page.getByText('In network').count()).toBe(1);
      await nadia.getByText('In network').waitFor();
      await expectAccessible(page);
      await page.screenshot({
        path: path.join(SHOTS, `search-insurance-${width}.png`),
        fullPage: true,
      });
    },
    90_000,
  );

  it('a home tile finds what it shows, and its label typed finds the same', async () => {
    const page = await browser.open({ width: 1280, height: 900 });
    page.setDefaultTimeout(10_000);
    await page.goto(app.url);
    await page.getByRole('button', { name: 'Find Cardiology doctors' }).click();
    await waitForCount(page, 1);
    expect(await names(page)).toEqual([expect.stringMatching(/^Amara Okafor/)]);
    await page.goto(`${app.url}/provider-search?specialty=cardiology&page_no=1`);
    await waitForCount(page, 1);
    expect(await names(page)).toEqual([expect.stringMatching(/^Amara Okafor/)]);
  }, 60_000);
});
