import type { WeekView } from '@medbook/contracts';
import { createUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Opening hours are local wall-clock times on every day (issue 15): on the day Santiago's clocks
 * skip midnight, a calendar open 08–12 offers 08:00 to 11:00 and 12:00 cannot be held; on the day
 * Havana's clocks fall back over midnight, both real instants of the repeated hour are offered and
 * can be held.
 */
const now = new Date('2026-08-31T12:00:00Z');
let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => now } });
  practice = await createPractice(app);
});

afterAll(async () => {
  await app.close();
});

const startsOf = (view: WeekView, day: string) =>
  view.days.find((d) => d.day === day)?.time_slots.map((s) => s.start_date) ?? [];

async function hold(calendarId: string, start: string): Promise<number> {
  const patient = await createUser(app, 'Patient');
  const response = await app.api
    .as(patient)
    .put(`/api/v1/calendars/${calendarId}/slots/hold`, { start_date: start });
  return response.status;
}

it('opens at 08:00 on the day Santiago skips midnight, and refuses 12:00', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    time_zone: 'America/Santiago',
    first_hour: 8,
    last_hour: 12,
    time_step: 60,
    date_from: '2026-08-01',
  });
  const view = await week(app, calendarId, `?start_date=2026-09-05&min_position=${position}`);
  expect(startsOf(view, '2026-09-06')).toEqual([
    '2026-09-06T11:00:00Z', // 08:00 -03
    '2026-09-06T12:00:00Z',
    '2026-09-06T13:00:00Z',
    '2026-09-06T14:00:00Z', // 11:00 -03
  ]);
  expect(await hold(calendarId, '2026-09-06T11:00:00Z')).toBe(200);
  // 12:00 local is closing time: not a slot.
  expect(await hold(calendarId, '2026-09-06T15:00:00Z')).not.toBe(200);
});

it('offers and holds both instants of the hour Havana repeats when it falls back over midnight', async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    time_zone: 'America/Havana',
    first_hour: 0,
    last_hour: 2,
    time_step: 60,
    date_from: '2026-08-01',
  });
  const view = await week(app, calendarId, `?start_date=2026-10-31&min_position=${position}`);
  expect(startsOf(view, '2026-11-01')).toEqual([
    '2026-11-01T04:00:00Z', // 00:00 CDT
    '2026-11-01T05:00:00Z', // 00:00 CST, the same wall time an hour later
    '2026-11-01T06:00:00Z', // 01:00 CST
  ]);
  expect(await hold(calendarId, '2026-11-01T04:00:00Z')).toBe(200);
  expect(await hold(calendarId, '2026-11-01T05:00:00Z')).toBe(200);
});
