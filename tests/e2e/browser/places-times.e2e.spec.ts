// Issue 19, "Places and times": a provider at two facilities shows one availability row per
// facility under that facility's name and address, the widget names the facility's zone when the
// visitor's clock differs, and the booking summary gives the date and the visitor's own time.
import path from 'node:path';
import { createUser } from '../../support/accounts';
import { browserSuite, expectAccessible, SHOTS, signIn } from '../../support/browser';
import { createCalendar, createPractice, registerEntry } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

const WIDTHS = [375, 1280] as const;

let app: TestApp;
const browser = browserSuite();
const calendars: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  const practice = await createPractice(app);
  const facility = async (name: string, zone: string, address1: string, city: string) =>
    (
      await registerEntry(app, practice, 'facilities', {
        name,
        iana_time_zone: zone,
        office_visit: true,
        tele_visit: false,
        address: { address1, city, state: 'NY', zip_code: '10001' },
      })
    ).id;
  const harbor = await facility('Harbor Clinic', 'America/New_York', '1 Harbor St', 'New York');
  const hill = await facility('Hill Clinic', 'America/Chicago', '9 Hill Rd', 'Albany');
  const { id } = await registerEntry(app, practice, 'providers', {
    first_name: 'Ines',
    last_name: 'Marlowe',
    gender: 'Female',
    provider_type: 'local',
    specialties: ['Family Medicine'],
    facility_ids: [harbor, hill],
  });
  for (const [facilityId, zone, key] of [
    [harbor, 'America/New_York', 'harbor'],
    [hill, 'America/Chicago', 'hill'],
  ] as const) {
    const made = await createCalendar(app, practice, {
      name: 'Dr. Ines Marlowe',
      provider_id: id,
      facility_id: facilityId,
      time_zone: zone,
      // Different hours at each place, so a row's slots tell which calendar they came from.
      first_hour: key === 'harbor' ? 8 : 13,
      last_hour: key === 'harbor' ? 10 : 15,
    });
    calendars[key] = made.calendarId;
  }
});

afterAll(async () => {
  await app.close();
});

describe('places and times', () => {
  it.each(WIDTHS)(
    'shows one row per facility, each with its own slots and address (%i px)',
    async (width) => {
      // The visitor's clock is in Tokyo: neither facility's zone.
      const page = await browser.open({ width, height: 900 }, { timezoneId: 'Asia/Tokyo' });
      await page.goto(`${app.url}/provider-search?text_field=Marlowe&page_no=1`);
      const card = page.getByTestId('provider-card').filter({ hasText: 'Ines Marlowe' });
      await card.waitFor({ timeout: 15_000 });
      await card.getByText('2 locations').waitFor();
      const rows = card.getByTestId('facility-row');
      await rows.nth(1).getByTestId('slot').first().waitFor({ timeout: 15_000 });
      expect(await rows.count()).toBe(2);
      const harbor = card.getByRole('region', { name: 'Availability at Harbor Clinic' });
      const hill = card.getByRole('region', { name: 'Availability at Hill Clinic' });
      await harbor.getByText(/^Harbor Clinic, 1 Harbor St, New York, NY 10001/).waitFor();
      await hill.getByText(/^Hill Clinic, 9 Hill Rd, Albany, NY 10001/).waitFor();
      await hill.getByTestId('slot').first().waitFor();
      // Each row's slots are its own calendar's hours, in its own zone.
      const harborTimes = await harbor.getByTestId('slot').allInnerTexts();
      const hillTimes = await hill.getByTestId('slot').allInnerTexts();
      expect(harborTimes.length).toBeGreaterThan(0);
      expect(hillTimes.length).toBeGreaterThan(0);
      expect(harborTimes.every((t) => /^(8|9):\d{2} am$/.test(t))).toBe(true);
      expect(hillTimes.every((t) => /^(1|2):\d{2} pm$/.test(t))).toBe(true);
      // The zones are named, since the visitor's clock reads otherwise.
      expect(await harbor.getByTestId('widget-zone').innerText()).toMatch(
        /^Times are in New York time \(E[SD]T\)$/,
      );
      expect(await hill.getByTestId('widget-zone').innerText()).toMatch(
        /^Times are in Chicago time \(C[SD]T\)$/,
      );
      await expectAccessible(page);
      await page.screenshot({
        path: path.join(SHOTS, `places-rows-${width}.png`),
        fullPage: true,
      });
      await page.close();
    },
    90_000,
  );

  it("gives the summary's date, the facility's zone and the visitor's own time", async () => {
    const patient = await createUser(app, 'Patient');
    const page = await browser.open({ width: 1280, height: 900 }, { timezoneId: 'Asia/Tokyo' });
    await signIn(page, app, patient, '/dashboard/patient');
    await page.goto(`${app.url}/provider-search?text_field=Marlowe&page_no=1`);
    const hill = page.getByRole('region', { name: 'Availability at Hill Clinic' });
    const slot = hill.getByTestId('slot').first();
    await slot.waitFor({ timeout: 15_000 });
    await slot.click();
    // The widget asks first whether the visitor means the facility's time (spec 9).
    const confirm = page.getByRole('dialog');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /yes/i }).click();
    const summary = page.getByTestId('summary-start');
    await summary.waitFor({ timeout: 15_000 });
    expect(await summary.innerText()).toMatch(
      /^((Today|Tomorrow), )?[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · (1|2):\d{2} PM C[SD]T — [A-Z][a-z]{2} \d{1,2}:\d{2} [AP]M your time$/,
    );
    await page.screenshot({ path: path.join(SHOTS, 'places-summary-1280.png') });
    await page.close();
  }, 90_000);
});
