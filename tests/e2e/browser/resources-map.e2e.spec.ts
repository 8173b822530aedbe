import type { Page } from 'playwright-core';
import { call, createUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { browserSuite, expectAccessible, shoot, signIn, smsCode } from '../../support/browser';
import { createCalendar, createPractice, registerEntry } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Issue 20: a patient finds a lab in the search (rooms, labs and equipment), books its slot through
 * the wizard like a provider's, and sees it as a lab test on the dashboard; the Map button shows
 * the results' facilities as markers (no tile source in tests: the blank local style).
 */
let app: TestApp;
const browser = browserSuite();
let page: Page;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  page = await browser.open({ width: 1280, height: 900 });
});

it('finds a lab, books its slot through the wizard, and shows the results on a map', async () => {
  const practice = await createPractice(app);
  const facility = await registerEntry(app, practice, 'facilities', {
    name: 'Hoboken Diagnostics',
    iana_time_zone: 'America/New_York',
    office_visit: true,
    tele_visit: false,
    address: { address1: '1 River St', city: 'Hoboken', state: 'NJ', zip_code: '07030' },
  });
  const lab = await registerEntry(app, practice, 'resources', {
    name: 'Riverside Blood Lab',
    kind: 'Lab',
    facility_ids: [facility.id],
  });
  const room = await registerEntry(app, practice, 'resources', {
    name: 'MRI Room',
    kind: 'Room',
    facility_ids: [facility.id],
  });
  const { calendarId, position } = await createCalendar(app, practice, {
    name: 'Riverside Blood Lab',
    resource_id: lab.id,
    facility_id: facility.id,
    visit_type: 'Resource',
    is_lab_test: true,
    enable_insurance: false,
  });
  await createCalendar(app, practice, {
    name: 'MRI Room',
    resource_id: room.id,
    facility_id: facility.id,
    visit_type: 'Resource',
    enable_insurance: false,
  });
  await eventually(
    () => app.api.post(`/api/v1/resources/search?min_position=${position}`, {}),
    (response) =>
      response.status === 200 &&
      (response.body.data as { count: number }).count === 2 &&
      JSON.stringify(response.body.data).includes('"next_availability":{'),
  );
  const patient = await createUser(app, 'Patient', null, { first: 'Lena', last: 'Park' });
  await signIn(page, app, patient, '/dashboard/patient');

  // The search page: providers by default; the toggle searches rooms, labs and equipment.
  await page.goto(`${app.url}/provider-search?zip_code=07030&text_field=Hoboken%2C%20NJ%2007030`);
  await page.getByRole('button', { name: 'Rooms, labs & equipment' }).click();
  await page.waitForURL(/entity_type=resource/);
  const cards = page.getByTestId('resource-card');
  await cards.first().waitFor();
  expect(await cards.count()).toBe(2);
  // The search box asks for a room, lab or equipment, not a condition or specialty.
  const box = page
    .getByRole('search')
    .getByRole('combobox', { name: 'Search room, lab or equipment' });
  expect(await box.getAttribute('placeholder')).toBe('Search room, lab or equipment');
  expect(await page.getByRole('combobox', { name: 'Search condition or specialty' }).count()).toBe(
    0,
  );
  // Narrowed to labs by the type filter.
  await page.getByRole('combobox', { name: 'Resource type' }).click();
  await page.getByRole('option', { name: 'Lab', exact: true }).click();
  await page.waitForURL(/resource_type=Lab/);
  await page.getByTestId('result-count').filter({ hasText: '1 resource' }).waitFor();
  const card = page.getByRole('article', { name: 'Riverside Blood Lab' });
  await card.getByText('Hoboken Diagnostics', { exact: false }).waitFor();
  await card.getByTestId('slot').first().waitFor();
  await expectAccessible(page);
  await shoot(page, 'resources-search');

  // Live slot updates apply to resources too: a slot held elsewhere leaves the card (capacity 1).
  const taken = (await card.getByTestId('slot').nth(1).getAttribute('data-start'))!;
  const other = await createUser(app, 'Patient', null, { first: 'Otto', last: 'Other' });
  const held = await call(
    app,
    'PUT',
    `/api/v1/calendars/${calendarId}/slots/hold`,
    { start_date: taken },
    other.auth,
  );
  expect(held.status).toBe(200);
  await card.locator(`[data-testid="slot"][data-start="${taken}"]`).waitFor({
    state: 'detached',
    timeout: 20_000,
  });

  // The map: the header's Map button (spec 2.11); one marker for the facility; its popup lists
  // the lab; a list says the same.
  await page.getByRole('banner').getByRole('button', { name: 'Map' }).click();
  const marker = page.getByTestId('map-marker');
  await marker.first().waitFor();
  expect(await marker.count()).toBe(1);
  expect(await marker.getAttribute('aria-label')).toBe('Hoboken Diagnostics: Riverside Blood Lab');
  expect(await page.getByTestId('map-list').innerText()).toContain('Riverside Blood Lab (Lab)');
  // Keyboard: the marker is focusable and Enter opens its popup.
  await marker.focus();
  await page.keyboard.press('Enter');
  await page.locator('.leaflet-popup-content').getByText('Riverside Blood Lab').waitFor();
  // No tile source configured: the map asks the network for no tiles.
  expect(await page.locator('.leaflet-tile').count()).toBe(0);
  await expectAccessible(page);
  await shoot(page, 'resources-map');

  // Both resources share the facility: one marker listing both when the type filter is cleared.
  await page.getByRole('combobox', { name: 'Resource type' }).click();
  await page.getByRole('option', { name: 'All types' }).click();
  await page.getByTestId('result-count').filter({ hasText: '2 resources' }).waitFor();
  // The map stays shown across searches and follows the results.
  expect(await page.getByRole('button', { name: 'Map' }).getAttribute('aria-pressed')).toBe('true');
  await page
    .locator(
      '[data-testid="map-marker"][aria-label="Hoboken Diagnostics: MRI Room, Riverside Blood Lab"]',
    )
    .waitFor();
  expect(await page.getByTestId('map-marker').count()).toBe(1);

  // Sorted by availability, as providers can be: the choice travels in the address.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Availability' }).click();
  await page.waitForURL(/sort_on=availability/);
  await page.getByTestId('result-count').filter({ hasText: '2 resources' }).waitFor();
  // The menu shows the new sort once the page has taken the address (the count was 2 before).
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .filter({ hasText: 'Availability' })
    .waitFor();
  expect(await page.getByRole('combobox', { name: 'Sort by' }).innerText()).toBe('Availability');
  await expectAccessible(page);
  await shoot(page, 'resources-sorted');

  // Booking the lab's first slot through the wizard, as a provider's.
  await page.getByRole('combobox', { name: 'Resource type' }).click();
  await page.getByRole('option', { name: 'Lab', exact: true }).click();
  await page.getByTestId('result-count').filter({ hasText: '1 resource' }).waitFor();
  await page
    .getByRole('article', { name: 'Riverside Blood Lab' })
    .getByTestId('slot')
    .first()
    .click();
  const confirmZone = page.getByRole('button', { name: 'Yes' });
  if (await confirmZone.isVisible().catch(() => false)) await confirmZone.click();
  await page.getByTestId('stage-title').filter({ hasText: 'Patient' }).waitFor();
  expect(await page.getByTestId('summary-provider').innerText()).toBe('Riverside Blood Lab');
  await expectAccessible(page);
  await shoot(page, 'resources-wizard');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('sms-mobile').fill('5557654321');
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByTestId('sms-code').waitFor();
  await page.getByTestId('sms-code').fill(await smsCode(app, '5557654321'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByTestId('stage-title').filter({ hasText: 'Review' }).waitFor();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await page.getByText('Your appointment has been scheduled').waitFor();
  await page.goto(`${app.url}/dashboard/patient`);
  const booked = page.getByTestId('upcoming').getByTestId('appointment-card');
  await booked.first().waitFor();
  expect(await booked.count()).toBe(1);
  await booked.getByRole('heading', { name: 'Riverside Blood Lab' }).waitFor();
  await booked.getByText('Lab test').waitFor();
  await expectAccessible(page);
  await shoot(page, 'resources-dashboard');
}, 180_000);
