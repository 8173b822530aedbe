import postgres from 'postgres';
import { openTransaction } from '../../support/events';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

// Readers of the log stop below the oldest running transaction of the service's own database
// (es_read_horizon, migration 0048): a write transaction left open in another database of the
// same PostgreSQL server (another service, a report, a session idle in a transaction) must not
// stop the projections, so a calendar created meanwhile is offered and read-your-writes holds.

let app: TestApp;
let practice: TestPractice;
let other: postgres.Sql;

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
  other = postgres(app.database.url.replace(/\/[^/]+$/, '/postgres'), {
    max: 1,
    onnotice: () => undefined,
  });
});

afterAll(async () => {
  await other.end();
  await app.close();
});

it('projects and answers read-your-writes while another database of the server has a transaction open', async () => {
  const elsewhere = await openTransaction(other);
  try {
    const { calendarId, position } = await createCalendar(app, practice, {
      first_hour: 8,
      last_hour: 12,
      time_step: 60,
      date_from: '2026-01-01',
    });
    // Written after the other database's transaction began: the server's oldest running one.
    const view = await week(app, calendarId, `?min_position=${position}`);
    expect(view.calendar_id).toBe(calendarId);
    expect(view.days.length).toBeGreaterThan(0);
    expect(view.days.some((day) => day.time_slots.length > 0)).toBe(true);
    const [status] = await app.database.sql<{ status: string }[]>`
      SELECT pg_xact_status(${elsewhere.xid}::xid8) AS status`;
    expect(status!.status).toBe('in progress');
  } finally {
    await elsewhere.commit();
  }
});
