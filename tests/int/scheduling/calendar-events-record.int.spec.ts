import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ALL_PROJECTIONS } from '../../../apps/api/src/projections';
import { createUser, registerPatient } from '../../support/accounts';
import { eventually } from '../../support/events';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Records the legacy log: every kind of calendar change made through the API by the code of the
 * commit before the fine-grained calendar events, with the read-model rows it produced.
 */
const now = new Date('2026-03-06T15:00:00Z');
let app: TestApp;
let practice: TestPractice;

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { holdExpiryIntervalMs: 3_600_000 },
  });
  practice = await createPractice(app);
});

afterAll(() => app.close());

const ok = (response: { status: number; body: unknown }, status = 200) => {
  if (response.status !== status) throw new Error(JSON.stringify(response.body));
  return (response.body as { data: { position: number } }).data;
};

it('records the calendar changes of today', async () => {
  const admin = app.api.as(practice.admin);
  const { calendarId } = await createCalendar(app, practice, {
    first_hour: 8,
    last_hour: 12,
    time_step: 60,
    date_from: '2026-03-01',
    working_days: [1, 2, 3, 4, 5],
  });
  const put = (body: unknown) => admin.put(`/api/v1/calendars/${calendarId}`, body);
  ok(await put({ first_hour: 9, last_hour: 13 }));
  ok(await put({ working_days: [1, 2, 3, 4, 5, 6] }));
  ok(await put({ date_to: '2026-12-31' }));
  ok(await put({ time_step: 30 }));
  ok(await put({ name: 'Dr. Renamed', minutes_before_showing_slots: 30, slots_hide_hours: 2 }));
  ok(
    await put({
      wait_list_enabled: true,
      accept_reject_enabled: true,
      hold_minutes: 15,
      custom_form_ids: ['intake-2026'],
      collect_patient_demographics: true,
      enable_insurance: false,
      first_hour: 8,
    }),
  );
  const patient = await registerPatient(app);
  ok(
    await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: '2026-03-09T14:00:00Z',
      patient_id: patient,
    }),
    201,
  );
  ok(
    await admin.post(`/api/v1/calendars/${calendarId}/blocks`, {
      start: '2026-03-09T13:00:00Z',
      end: '2026-03-09T15:00:00Z',
    }),
    201,
  );
  ok(
    await admin.post(`/api/v1/calendars/${calendarId}/blocks`, {
      start: '2026-03-10T13:00:00Z',
      end: '2026-03-10T14:00:00Z',
    }),
    201,
  );
  ok(
    await admin.delete(`/api/v1/calendars/${calendarId}/blocks`, {
      start: '2026-03-09T13:00:00Z',
      end: '2026-03-09T15:00:00Z',
    }),
  );
  ok(
    await put({
      marked_time_spans: [
        { start: '2026-03-11T13:00:00Z', end: '2026-03-11T14:00:00Z' },
        { start: '2026-03-10T13:00:00Z', end: '2026-03-10T14:00:00Z' },
      ],
    }),
  );
  ok(
    await admin.post(`/api/v1/calendars/${calendarId}/reasons`, {
      title: 'Checkup',
      week_time_frame: [1, 2],
    }),
    201,
  );
  ok(await admin.post(`/api/v1/calendars/${calendarId}/reasons`, { title: 'Flu shot' }), 201);
  ok(
    await admin.put(`/api/v1/calendars/${calendarId}/reasons`, {
      title: 'Checkup',
      allow_immediate_checkin: true,
    }),
  );
  ok(await put({ reasons: ['Flu shot', 'Checkup', 'Consult'] }));
  ok(await admin.delete(`/api/v1/calendars/${calendarId}/reasons`, { title: 'Flu shot' }));
  const waiting = await createUser(app, 'Patient');
  ok(await app.api.as(waiting).post('/api/v1/waitlist', { calendar_id: calendarId }), 201);
  ok(await put({ booking_capacity: 2 }));
  // The waitlist offers react to the rise: the log is recorded once everything has settled.
  await eventually(
    () =>
      app.database.db
        .selectFrom('rm_waitlist_offers' as never)
        .selectAll()
        .execute(),
    (rows) => rows.length > 0,
  );
  const last = ok(await put({ online_booking_disabled: true, can_check_in: true }));
  await app.api.get(`/api/v1/calendars/${calendarId}?min_position=${last.position + 10}`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));

  const events = await sql<Record<string, unknown>>`
    SELECT global_position, event_id, stream_id, stream_revision, event_type, data, metadata,
           recorded_at
      FROM es_events ORDER BY global_position`.execute(app.database.db);
  const tables: Record<string, unknown[]> = {};
  for (const table of ALL_PROJECTIONS.flatMap((p) => p.tables)) {
    tables[table] = (
      await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(app.database.db)
    ).rows;
  }
  const dir = path.join(__dirname, '../../fixtures/calendar-events');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'legacy-log.json'),
    `${JSON.stringify({ recorded_at: now, events: events.rows, tables }, null, 1)}\n`,
  );
  expect(events.rows.length).toBeGreaterThan(20);
});
