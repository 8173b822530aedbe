import {
  CALENDAR_MESSAGES,
  type CalendarPreviewView,
  type CalendarView,
  type ProjectionStatus,
  type ScheduleView,
  type WeekView,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { sql } from 'kysely';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { ALL_PROJECTIONS } from '../../../apps/api/src/projections';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Split shifts through the API: weekly hours set by PUT calendars/{id} as CalendarWeeklyHoursChanged,
 * the week offering their spans (the gap left empty), the preview answering the same week without
 * recording anything, the checks' 400s in the error envelope, the week as it was before the change
 * (time travel), and a rebuild of the log writing the rows the live projections wrote.
 */
let app: TestApp;
let practice: TestPractice;
let superUser: TestUser;
/** The clock: Friday 2026-03-06, 10:00 in New York; moved on by the time-travel test. */
let now = new Date('2026-03-06T15:00:00Z');

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { holdExpiryIntervalMs: 3_600_000 },
  });
  practice = await createPractice(app);
  superUser = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  await app.close();
});

/** Monday 2026-03-09 in New York (EDT from the day before: UTC-4). */
const MONDAY = '2026-03-09';
const at = (local: string) => {
  const [h, m] = local.split(':').map(Number);
  return `${MONDAY}T${String(h! + 4).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`;
};
const split = [
  {
    weekday: 1,
    spans: [
      { start: '13:30', end: '17:00' },
      { start: '08:00', end: '12:00' },
    ],
  },
  { weekday: 6, spans: [{ start: '09:00', end: '12:00' }] },
];
const positionOf = (response: { body: { data: unknown } }) =>
  (response.body.data as { position: number }).position;

const put = (calendarId: string, body: unknown, user: TestUser = practice.admin) =>
  app.api.as(user).put(`/api/v1/calendars/${calendarId}`, body);
const preview = (calendarId: string, body: unknown, user: TestUser = practice.admin) =>
  app.api.as(user).post(`/api/v1/calendars/${calendarId}/preview`, body);

async function settingsOf(calendarId: string, position: number): Promise<CalendarView> {
  const response = await app.api.get(`/api/v1/calendars/${calendarId}?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as CalendarView;
}

async function mondayStarts(calendarId: string, position: number): Promise<string[]> {
  const view: WeekView = await week(
    app,
    calendarId,
    `?start_date=${MONDAY}&min_position=${position}`,
  );
  return (view.days.find((d) => d.day === MONDAY)?.time_slots ?? []).map((s) => s.start_date);
}

const hourly = { first_hour: 8, last_hour: 17, time_step: 30, date_from: '2026-01-01' };

describe('weekly hours', () => {
  it('are derived from the single hours of a calendar that never set them', async () => {
    const { calendarId, position } = await createCalendar(app, practice, {
      ...hourly,
      working_days: [1, 2, 3, 4, 5],
    });
    const calendar = await settingsOf(calendarId, position);
    expect(calendar.weekly_hours).toHaveLength(7);
    expect(calendar.weekly_hours[0]).toEqual({
      weekday: 1,
      spans: [{ start: '08:00', end: '17:00' }],
    });
    expect(calendar.weekly_hours[6]).toEqual({ weekday: 7, spans: [] });
  });

  it('set split shifts: the week offers both spans and nothing in the gap; Sunday closed', async () => {
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    expect(await mondayStarts(calendarId, position)).toHaveLength(18);
    const changed = await put(calendarId, { weekly_hours: split });
    expect(changed.status).toBe(200);
    const starts = await mondayStarts(calendarId, positionOf(changed));
    expect(starts).toHaveLength(8 + 7);
    expect(starts[0]).toBe(at('08:00'));
    expect(starts).toContain(at('11:30'));
    expect(starts).not.toContain(at('12:00'));
    expect(starts).not.toContain(at('13:00'));
    expect(starts).toContain(at('13:30'));
    expect(starts.at(-1)).toBe(at('16:30'));
    const view = await week(app, calendarId, `?start_date=2026-03-14`);
    expect(view.days.map((d) => [d.day, d.time_slots.length])).toEqual([
      ['2026-03-14', 6],
      ['2026-03-15', 0],
      ['2026-03-16', 15],
      ['2026-03-17', 0],
      ['2026-03-18', 0],
    ]);
    const calendar = await settingsOf(calendarId, positionOf(changed));
    expect(calendar.weekly_hours[0]!.spans).toEqual([
      { start: '08:00', end: '12:00' },
      { start: '13:30', end: '17:00' },
    ]);
    // The single hours are kept as they were, and placing nothing now.
    expect(calendar).toMatchObject({ first_hour: 8, last_hour: 17 });

    // The log tells the change as one fine-grained event with the hours before and after.
    const { rows } = await sql<{ type: string; data: { before: unknown; after: unknown } }>`
      SELECT event_type AS type, data FROM es_events
       WHERE stream_id = ${`calendar-${calendarId}`} ORDER BY stream_revision`.execute(
      app.database.db,
    );
    expect(rows.map((r) => r.type)).toEqual(['CalendarCreated', 'CalendarWeeklyHoursChanged']);
    expect(rows[1]!.data.before).toEqual({
      weekly_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        spans: [{ start: '08:00', end: '17:00' }],
      })),
    });

    // Changing the single hours goes back to them.
    const back = await put(calendarId, { last_hour: 12 });
    expect(back.status).toBe(200);
    expect(await mondayStarts(calendarId, positionOf(back))).toHaveLength(8);
    expect((await settingsOf(calendarId, positionOf(back))).weekly_hours[6]!.spans).toEqual([
      { start: '08:00', end: '12:00' },
    ]);
  });

  it('can be given when the calendar is created, a resource calendar too', async () => {
    const resource = await app.api
      .as(practice.admin)
      .post(`/api/v1/practices/${practice.practiceId}/resources`, {
        name: 'X-ray room',
        kind: 'Room',
        facility_ids: [],
      });
    expect(resource.status).toBe(201);
    const { calendarId, position } = await createCalendar(app, practice, {
      ...hourly,
      resource_id: (resource.body.data as { id: string }).id,
      visit_type: 'Resource',
      weekly_hours: split,
    });
    expect(await mondayStarts(calendarId, position)).toHaveLength(15);
  });

  it.each([
    [
      'overlapping spans',
      [
        {
          weekday: 2,
          spans: [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      ],
      CALENDAR_MESSAGES.weeklyHoursOverlap,
    ],
    [
      'a span ending before it starts',
      [{ weekday: 2, spans: [{ start: '12:00', end: '08:00' }] }],
      CALENDAR_MESSAGES.weeklyHoursSpan,
    ],
    ['no hours at all', [{ weekday: 2, spans: [] }], CALENDAR_MESSAGES.weeklyHoursEmpty],
    [
      'a weekday twice',
      [
        { weekday: 2, spans: [{ start: '08:00', end: '09:00' }] },
        { weekday: 2, spans: [{ start: '10:00', end: '11:00' }] },
      ],
      CALENDAR_MESSAGES.weeklyHoursDays,
    ],
    [
      'a span the time step does not fill',
      [{ weekday: 2, spans: [{ start: '08:00', end: '08:45' }] }],
      CALENDAR_MESSAGES.weeklyHoursStep,
    ],
    // Refused by the DTO's checks: the envelope's general 400 text, the field's in its data.
    ['a time that is none', [{ weekday: 2, spans: [{ start: '8am', end: '12:00' }] }], null],
    ['a weekday 8', [{ weekday: 8, spans: [] }], null],
    [
      'seven spans on a day',
      [
        {
          weekday: 2,
          spans: Array.from({ length: 7 }, (_, i) => ({
            start: `0${i}:00`,
            end: `0${i}:30`,
          })),
        },
      ],
      null,
    ],
  ])('refuses %s with 400, saved or previewed', async (_, weekly, message) => {
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    for (const send of [put, preview]) {
      const response = await send(calendarId, { weekly_hours: weekly });
      expect(response.status).toBe(400);
      if (message) expect(response.body.message).toBe(message);
      else expect(JSON.stringify(response.body.data)).toContain('weekly_hours');
    }
    expect(await mondayStarts(calendarId, position)).toHaveLength(18);
  });

  it('are previewed without being recorded, by admins of the practice only', async () => {
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    const events = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
            WHERE stream_id = ${`calendar-${calendarId}`}`.execute(app.database.db)
        ).rows[0]!.n,
      );
    const response = await preview(calendarId, {
      weekly_hours: split,
      time_step: 15,
      start_date: MONDAY,
    });
    expect(response.status).toBe(200);
    const body = response.body.data as CalendarPreviewView;
    expect(body.start_date).toBe(MONDAY);
    expect(body.time_step).toBe(15);
    expect(body.days.map((d) => d.slots.length)).toEqual([16 + 14, 0, 0, 0, 0, 12, 0]);
    expect(body.days[0]!.slots.map((s) => s.start_date)).not.toContain(at('12:00'));
    expect(body.weekly_hours[0]!.spans).toHaveLength(2);
    // Nothing recorded: the week is as it was.
    expect(await events()).toBe(1);
    expect(await mondayStarts(calendarId, position)).toHaveLength(18);
    // The preview is the week a save then offers.
    const saved = await put(calendarId, { weekly_hours: split, time_step: 15 });
    expect(await mondayStarts(calendarId, positionOf(saved))).toEqual(
      body.days[0]!.slots.map((s) => s.start_date),
    );

    expect((await preview(calendarId, { weekly_hours: split }, practice.staff)).status).toBe(403);
    const stranger = await createPractice(app);
    expect((await preview(calendarId, { weekly_hours: split }, stranger.admin)).status).toBe(403);
    const missing = await preview('00000000-0000-4000-8000-000000000000', {});
    expect(missing.status).toBe(404);
  });

  it('are previewed for a calendar not created yet, checked as a creation, nothing recorded', async () => {
    const facility = await app.api
      .as(practice.admin)
      .post(`/api/v1/practices/${practice.practiceId}/facilities`, {
        name: 'Preview Clinic',
        iana_time_zone: 'America/New_York',
        office_visit: true,
        tele_visit: false,
        address: { address1: '1 Main St', city: 'New York', state: 'NY', zip_code: '10001' },
      });
    const body = {
      name: 'Not yet',
      provider_id: practice.provider.userId,
      facility_id: (facility.body.data as { id: string }).id,
      time_zone: 'America/New_York',
      visit_type: 'Office',
      first_hour: 8,
      last_hour: 17,
      time_step: 30,
      date_from: '2026-01-01',
      booking_capacity: 1,
      weekly_hours: split,
      start_date: MONDAY,
    };
    const path = `/api/v1/practices/${practice.practiceId}/calendars/preview`;
    const count = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM es_events
            WHERE event_type = 'CalendarCreated'`.execute(app.database.db)
        ).rows[0]!.n,
      );
    const before = await count();
    const response = await app.api.as(practice.admin).post(path, body);
    expect(response.status).toBe(200);
    const week = response.body.data as CalendarPreviewView;
    expect(week.days.map((d) => d.slots.length)).toEqual([15, 0, 0, 0, 0, 6, 0]);
    expect(await count()).toBe(before);
    const overlap = await app.api.as(practice.admin).post(path, {
      ...body,
      weekly_hours: [
        {
          weekday: 1,
          spans: [
            { start: '08:00', end: '12:00' },
            { start: '11:00', end: '12:30' },
          ],
        },
      ],
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe(CALENDAR_MESSAGES.weeklyHoursOverlap);
    expect((await app.api.as(practice.staff).post(path, body)).status).toBe(403);
    const stranger = await createPractice(app);
    expect((await app.api.as(stranger.admin).post(path, body)).status).toBe(403);
  });

  it('leave the week as it was offered before the change (time travel)', async () => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    const before = new Date(now.getTime() + 60_000).toISOString();
    now = new Date(now.getTime() + 120_000);
    const changed = await put(calendarId, { weekly_hours: split });
    expect(changed.status).toBe(200);
    const after = new Date(now.getTime() + 60_000).toISOString();
    now = new Date(now.getTime() + 120_000);
    const asOf = async (instant: string) => {
      const response = await app.api
        .as(practice.admin)
        .get(`/api/v1/calendars/${calendarId}/week?start_date=${MONDAY}&as_of=${instant}`);
      expect(response.status).toBe(200);
      return (response.body.data as WeekView).days.map((d) => d.time_slots.length);
    };
    // Monday: 18 half hours before, 15 after; Tuesday open before, closed after.
    expect((await asOf(before)).slice(0, 2)).toEqual([18, 18]);
    expect((await asOf(after)).slice(0, 2)).toEqual([15, 0]);
  });
});

describe('the practice schedule grid', () => {
  it('spans the weekly hours, where they reach past the single hours', async () => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    const changed = await put(calendarId, {
      weekly_hours: [
        {
          weekday: 1,
          spans: [
            { start: '07:00', end: '12:00' },
            { start: '13:30', end: '19:30' },
          ],
        },
      ],
    });
    expect(changed.status).toBe(200);
    const response = await app.api
      .as(practice.staff)
      .get(
        `/api/v1/practices/${practice.practiceId}/schedule?date=${MONDAY}&view=week&calendar_id=${calendarId}&min_position=${positionOf(changed)}`,
      );
    expect(response.status).toBe(200);
    const view = response.body.data as ScheduleView;
    expect(view.calendars.find((c) => c.calendar_id === calendarId)).toMatchObject({
      first_hour: 7,
      last_hour: 20,
    });
  });
});

describe('a rebuild of a log with weekly hours', () => {
  it('writes the rows the live projections wrote', async () => {
    const statuses = async (): Promise<ProjectionStatus[]> =>
      (await app.api.as(superUser).get('/api/v1/ops/projections')).body.data as ProjectionStatus[];
    const tables = ALL_PROJECTIONS.flatMap((projection) => projection.tables);
    const tableRows = async (table: string) =>
      (
        await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(table)} t
          ORDER BY 1`.execute(app.database.db)
      ).rows.map((r) => r.row);
    const live = await eventually(
      async () => ({
        all: await statuses(),
        rows: await Promise.all(tables.map(tableRows)),
      }),
      ({ all }) => all.every((p) => p.lag_events === 0 && p.state === 'running'),
      20_000,
    );
    const rebuilder = new ProjectionRebuilder(
      app.app.get<EventStore>(EVENT_STORE),
      app.database.db,
      { now: () => new Date() },
    );
    await rebuilder.rebuildAll(ALL_PROJECTIONS, { eventByEvent: false });
    const rebuilt = await Promise.all(tables.map(tableRows));
    tables.forEach((table, i) => {
      expect({ table, rows: rebuilt[i] }).toEqual({ table, rows: live.rows[i] });
    });
  });
});
