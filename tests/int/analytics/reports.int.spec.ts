import {
  type AppointmentReport,
  type BookingResult,
  DATE_RANGE_MESSAGE,
  REPORT_MESSAGES,
} from '@medbook/contracts';
import { createUser, registerPatient, type TestUser } from '../../support/accounts';
import { parseRfc4180 } from '../../support/rfc4180';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * The appointments report (/practice-admin/reports/analytics) on a pinned clock: bookings made
 * through the API, counted per day, week and month, provider and status, in each visit's own
 * zone; the practice's admins see all of it, a provider only their own visits, nobody else any.
 */
const now = new Date('2026-04-01T12:00:00Z');
let app: TestApp;
let practice: TestPractice;
/** A provider whose name a spreadsheet could misread: a formula sign, a comma, quotes, a line break. */
let odd: TestUser;
let settled = 0;
const statusOf: Record<string, string> = {};

async function book(calendarId: string, start: string): Promise<BookingResult> {
  const response = await app.api.as(practice.staff).post('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: start,
    patient_id: await registerPatient(app),
  });
  if (response.status !== 201) throw new Error(`book: ${JSON.stringify(response.body)}`);
  const result = response.body.data as BookingResult;
  settled = Math.max(settled, result.position);
  statusOf[start] = result.status;
  return result;
}

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => now } });
  practice = await createPractice(app);
  odd = await createUser(app, 'Provider', practice.practiceId, {
    first: '=Ann, "Nan"',
    last: 'Lee\nJones',
  });
  const weekdays = { time_step: 60, working_days: [1, 2, 3, 4, 5], date_from: '2026-04-01' };
  const { calendarId: own } = await createCalendar(app, practice, {
    ...weekdays,
    first_hour: 9,
    last_hour: 12,
  });
  // Evenings in Los Angeles: 17:00 there on 7 April is already 8 April in UTC.
  const { calendarId: west } = await createCalendar(app, practice, {
    ...weekdays,
    first_hour: 17,
    last_hour: 20,
    time_zone: 'America/Los_Angeles',
    provider_id: odd.userId,
    name: 'Dr. West',
  });
  await book(own, '2026-04-06T13:00:00.000Z');
  const canceled = await book(own, '2026-04-06T14:00:00.000Z');
  await book(own, '2026-04-08T13:00:00.000Z');
  await book(own, '2026-05-04T13:00:00.000Z');
  await book(west, '2026-04-08T00:00:00.000Z');
  const cancel = await app.api
    .as(practice.staff)
    .delete(`/api/v1/appointments/${canceled.appointment_id}`, {});
  expect(cancel.status).toBeLessThan(300);
  settled = Math.max(settled, (cancel.body.data as { position: number }).position);
});

afterAll(async () => {
  await app.close();
});

const path = (query: string, practiceId = practice.practiceId) =>
  `/api/v1/practices/${practiceId}/reports/appointments?min_position=${settled}&${query}`;

async function report(query: string, caller: TestUser = practice.admin) {
  const response = await app.api.as(caller).get(path(query));
  if (response.status !== 200) throw new Error(`report: ${JSON.stringify(response.body)}`);
  return response.body.data as AppointmentReport;
}

const OWN = 'Test Provider';
const ODD = '=Ann, "Nan" Lee\nJones';

it('counts the bookings made per week, provider and status, in each visit’s own zone', async () => {
  const booked = statusOf['2026-04-06T13:00:00.000Z']!;
  const { rows, totals, providers, period } = await report('from=2026-04-01&to=2026-05-31');
  expect(period).toBe('week');
  expect(providers.map((p) => p.name).sort()).toEqual([ODD, OWN].sort());
  const own = practice.provider.userId;
  expect(rows).toEqual([
    {
      period_start: '2026-04-06',
      provider_id: odd.userId,
      provider_name: ODD,
      by_status: { [booked]: 1 },
      total: 1,
    },
    {
      period_start: '2026-04-06',
      provider_id: own,
      provider_name: OWN,
      by_status: booked === 'Canceled' ? { Canceled: 3 } : { [booked]: 2, Canceled: 1 },
      total: 3,
    },
    {
      period_start: '2026-05-04',
      provider_id: own,
      provider_name: OWN,
      by_status: { [booked]: 1 },
      total: 1,
    },
  ]);
  expect(totals).toEqual({ by_status: { [booked]: 4, Canceled: 1 }, total: 5 });
});

it('counts by day (the Los Angeles evening on its own day) and by month', async () => {
  const days = await report('from=2026-04-01&to=2026-05-31&period=day');
  expect(days.rows.map((r) => [r.period_start, r.provider_name, r.total])).toEqual([
    ['2026-04-06', OWN, 2],
    ['2026-04-07', ODD, 1],
    ['2026-04-08', OWN, 1],
    ['2026-05-04', OWN, 1],
  ]);
  const months = await report('from=2026-04-01&to=2026-05-31&period=month');
  expect(months.rows.map((r) => [r.period_start, r.provider_name, r.total])).toEqual([
    ['2026-04-01', ODD, 1],
    ['2026-04-01', OWN, 3],
    ['2026-05-01', OWN, 1],
  ]);
  // The range is the visits' local days: 7 April alone holds the Los Angeles evening.
  const seventh = await report('from=2026-04-07&to=2026-04-07&period=day');
  expect(seventh.totals.total).toBe(1);
  expect((await report('from=2026-04-08&to=2026-04-08')).rows.map((r) => r.provider_name)).toEqual([
    OWN,
  ]);
});

it('filters by provider and by status', async () => {
  const mine = await report(`from=2026-04-01&to=2026-05-31&provider_id=${odd.userId}`);
  expect(mine.totals.total).toBe(1);
  expect(mine.provider_id).toBe(odd.userId);
  const canceled = await report('from=2026-04-01&to=2026-05-31&status=Canceled&period=day');
  expect(canceled.rows).toEqual([
    {
      period_start: '2026-04-06',
      provider_id: practice.provider.userId,
      provider_name: OWN,
      by_status: { Canceled: 1 },
      total: 1,
    },
  ]);
});

it("shows a provider their own visits only, and refuses another practice's users", async () => {
  const own = await report('from=2026-04-01&to=2026-05-31', practice.provider);
  expect(own.provider_id).toBe(practice.provider.userId);
  expect(own.providers.map((p) => p.id)).toEqual([practice.provider.userId]);
  expect(own.totals.total).toBe(4);
  const theirs = await app.api
    .as(practice.provider)
    .get(path(`from=2026-04-01&to=2026-05-31&provider_id=${odd.userId}`));
  expect(theirs.status).toBe(403);

  const other = await createPractice(app);
  for (const caller of [other.admin, other.provider, practice.staff]) {
    const refused = await app.api.as(caller).get(path('from=2026-04-01&to=2026-05-31'));
    expect(refused.status).toBe(403);
    const file = await fetch(
      `${app.url}${path('').replace('appointments?', 'appointments/csv?')}`,
      {
        headers: caller.auth,
      },
    );
    expect(file.status).toBe(403);
  }
  const patient = await createUser(app, 'Patient');
  expect((await app.api.as(patient).get(path(''))).status).toBe(403);
  expect((await app.api.get(path(''))).status).toBe(401);
  // Another practice's own report holds none of these visits.
  expect(await report('from=2026-04-01&to=2026-05-31', other.admin).catch(() => null)).toBeNull();
  const empty = await app.api
    .as(other.admin)
    .get(path('from=2026-04-01&to=2026-05-31', other.practiceId));
  expect((empty.body.data as AppointmentReport).totals.total).toBe(0);
});

it.each([
  ['an unknown period', 'period=year', 'Invalid'],
  ['an impossible day', 'from=2026-02-30', 'Invalid'],
  ['an unknown status', 'status=Lost', 'Invalid'],
  ['a NUL character', 'status=Canceled%00', 'control characters'],
  ['a malformed provider id', 'provider_id=not-a-uuid', 'Invalid'],
  ['a range ending before it starts', 'from=2026-04-10&to=2026-04-01', DATE_RANGE_MESSAGE],
  ['a range over two years', 'from=2024-01-01&to=2026-01-02', REPORT_MESSAGES.tooLong],
  ['a huge value', `from=${'9'.repeat(5000)}`, 'Invalid'],
])('refuses %s with 400', async (_case, query, message) => {
  const response = await app.api.as(practice.admin).get(path(query));
  expect(response.status).toBe(400);
  expect(JSON.stringify(response.body)).toContain(message);
});

it('refuses a provider of another practice in the filter', async () => {
  const other = await createPractice(app);
  const response = await app.api
    .as(practice.admin)
    .get(path(`provider_id=${other.provider.userId}`));
  expect(response.status).toBe(400);
  expect(JSON.stringify(response.body)).toContain(REPORT_MESSAGES.unknownProvider);
});

it('exports the same numbers as RFC 4180 CSV that reads back exactly, formulas made inert', async () => {
  const response = await fetch(
    `${app.url}${path('from=2026-04-01&to=2026-05-31&period=day').replace('appointments?', 'appointments/csv?')}`,
    { headers: practice.admin.auth },
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(response.headers.get('content-disposition')).toBe(
    'attachment; filename="appointments-2026-04-01-to-2026-05-31.csv"',
  );
  const text = await response.text();
  const records = parseRfc4180(text);
  const [header, ...lines] = records;
  expect(header!.slice(0, 3)).toEqual(['Period', 'Provider', 'Total']);
  expect(header).toContain('Canceled');
  const column = (name: string) => header!.indexOf(name);
  const booked = statusOf['2026-04-06T13:00:00.000Z']!;
  expect(lines.map((l) => [l[0], l[1], l[2]])).toEqual([
    ['2026-04-06', OWN, '2'],
    ['2026-04-07', `'${ODD}`, '1'],
    ['2026-04-08', OWN, '1'],
    ['2026-05-04', OWN, '1'],
    ['Total', 'All providers', '5'],
  ]);
  expect(lines[0]![column('Canceled')]).toBe(booked === 'Canceled' ? '2' : '1');
  expect(lines.at(-1)![column('Canceled')]).toBe(booked === 'Canceled' ? '5' : '1');
  // The odd name travels quoted, its quotes doubled, its line break inside the field.
  expect(text).toContain(`"'=Ann, ""Nan"" Lee\nJones"`);
  expect(lines.every((l) => l.length === header!.length)).toBe(true);
});
