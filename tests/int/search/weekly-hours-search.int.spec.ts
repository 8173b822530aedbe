import type { ProviderSearchResult } from '@medbook/contracts';
import { sql } from 'kysely';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Provider search by a calendar's weekly hours (split shifts, a different day each): the date
 * filter, Online Now and "available within" follow the spans that place the slots, not the
 * single hours and working days the calendar still carries. New York in January (EST, UTC-5).
 */
let app: TestApp;
let practice: TestPractice;
let calendarId: string;
let position: number;
/** The clock, moved by each case. */
let now = new Date('2026-01-05T15:00:00Z');

// Monday 08:00-12:00 and 13:30-17:00, Saturday 09:00-12:00; every other day closed. The
// calendar's single hours (08-17) and working days (Monday to Friday) would say otherwise.
const WEEKLY = [
  {
    weekday: 1,
    spans: [
      { start: '08:00', end: '12:00' },
      { start: '13:30', end: '17:00' },
    ],
  },
  { weekday: 6, spans: [{ start: '09:00', end: '12:00' }] },
];

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => now } });
  practice = await createPractice(app);
  const created = await createCalendar(app, practice, {
    visit_type: 'Telehealth',
    first_hour: 8,
    last_hour: 17,
    time_step: 30,
    working_days: [1, 2, 3, 4, 5],
    date_from: '2026-01-01',
  });
  calendarId = created.calendarId;
  const changed = await app.api
    .as(practice.admin)
    .put(`/api/v1/calendars/${calendarId}`, { weekly_hours: WEEKLY });
  expect(changed.status).toBe(200);
  position = (changed.body.data as { position: number }).position;
});

afterAll(async () => {
  await app.close();
});

/** New York wall time on a day of January 2026, as the clock's instant (EST: UTC-5). */
const newYork = (day: string, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return new Date(Date.UTC(2026, 0, Number(day), h! + 5, m));
};

async function search(filter: Record<string, unknown>): Promise<ProviderSearchResult> {
  const response = await app.api.post(`/api/v1/providers/search?min_position=${position}`, filter);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.data as ProviderSearchResult;
}

const onlineNow = async () =>
  (await search({ walk_in_tele_visit_enabled: 'true', visit_type: 'Online Now' })).count;
const card = async () => (await search({})).providers[0]!;
const withinDays = async (days: number) => (await search({ available_within_days: days })).count;

it('keeps the weekly hours in the search read model, as minutes of the week', async () => {
  await search({}); // read once the change is projected
  const { rows } = await sql<{ weekly_hours: unknown; open_hours: string }>`
    SELECT weekly_hours, open_hours::text AS open_hours FROM rm_search_calendars
     WHERE calendar_id = ${calendarId}`.execute(app.database.db);
  expect(rows).toHaveLength(1);
  // Monday 480-720 and 810-1020; Saturday (day 6: 5 x 1440 = 7200) 7740-7920.
  expect(rows[0]!.open_hours).toBe('{[480,720),[810,1020),[7740,7920)}');
  expect(rows[0]!.weekly_hours).toHaveLength(7);
});

it('finds the provider on the days its spans open, not its working days', async () => {
  now = newYork('05', '10:00');
  expect((await search({ date: '2026-01-10' })).count).toBe(1); // a Saturday
  expect((await search({ date: '2026-01-12' })).count).toBe(1); // a Monday
  expect((await search({ date: '2026-01-13' })).count).toBe(0); // a Tuesday: closed
  expect((await search({ date: '2026-01-11' })).count).toBe(0); // a Sunday
});

it('is online now within a span, and not in the gap between two or on a closed day', async () => {
  const cases: [string, string, boolean][] = [
    ['12', '09:00', true], // Monday morning
    ['12', '12:30', false], // the lunch gap
    ['12', '13:30', true], // the afternoon's first minute
    ['12', '17:00', false], // closed at the span's end
    ['10', '10:00', true], // Saturday
    ['13', '10:00', false], // Tuesday
  ];
  const seen: [string, string, boolean, boolean][] = [];
  for (const [day, time] of cases) {
    now = newYork(day, time);
    seen.push([day, time, (await onlineNow()) === 1, (await card()).walk_in_online_now]);
  }
  expect(seen).toEqual(cases.map(([day, time, open]) => [day, time, open, open]));
});

it('opens within the days its next span starts in, and sorts by it', async () => {
  now = newYork('09', '10:00'); // a Friday: closed; Saturday opens at 09:00
  expect(await withinDays(1)).toBe(0);
  expect(await withinDays(2)).toBe(1);
  now = newYork('12', '12:30'); // Monday's gap: the afternoon span opens today
  expect(await withinDays(1)).toBe(1);
  now = newYork('12', '17:30'); // Monday evening: next Saturday, five days ahead
  expect(await withinDays(5)).toBe(0);
  expect(await withinDays(6)).toBe(1);
  const sorted = await search({ sort_on: 'availability' });
  expect(sorted.count).toBe(1);
});

it('follows the single hours again once they are set (the weekly hours are cleared)', async () => {
  now = newYork('05', '10:05'); // the admin's session was opened at 10:00 that day
  const changed = await app.api
    .as(practice.admin)
    .put(`/api/v1/calendars/${calendarId}`, { first_hour: 9, last_hour: 17 });
  expect(changed.status).toBe(200);
  position = (changed.body.data as { position: number }).position;
  expect((await search({ date: '2026-01-13' })).count).toBe(1); // Tuesday: a working day again
  expect((await search({ date: '2026-01-10' })).count).toBe(0); // Saturday: not one
  now = newYork('13', '09:30');
  expect(await onlineNow()).toBe(1);
});
