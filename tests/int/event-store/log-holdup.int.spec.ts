import { randomUUID } from 'node:crypto';
import type { HealthReport, Envelope } from '@medbook/contracts';
import { PostgresEventStore } from '@medbook/event-store';
import postgres from 'postgres';
import { HELD_BACK_REPORT_MS } from '../../../apps/api/src/modules/ops/health.service';
import { createUser } from '../../support/accounts';
import { eventually, namedSession, newEvent, openTransaction } from '../../support/events';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * What holds the log's readers back, for operators: committed events past the read horizon and
 * the session of this database whose open transaction the horizon stops at.
 */
let app: TestApp;
let store: PostgresEventStore;
/** A session of the service's database, as a report or a person's psql would hold one. */
let reporting: postgres.Sql;

beforeAll(async () => {
  app = await startTestApp();
  store = new PostgresEventStore(app.database.sql, { pollIntervalMs: 200 });
  reporting = namedSession(app.database.url, 'nightly-report');
});

afterAll(async () => {
  await reporting.end();
  await store.close();
  await app.close();
});

// The app's own projection batches are short transactions of this database too: an event
// committed while one runs waits behind it for a few milliseconds, so "nothing waits" is seen
// once that batch ends (eventually), not at any instant.
it('tells nothing once no committed event waits', async () => {
  await store.appendToStream(`calm-${randomUUID()}`, [newEvent()], 'no_stream');
  await eventually(
    () => store.holdup(100),
    (holdup) => holdup === null,
    5000,
  );
});

it('names the open transaction committed events wait behind, and clears once it ends', async () => {
  const open = await openTransaction(reporting);
  try {
    const [session] = await app.database.sql<{ pid: number }[]>`
      SELECT pid FROM pg_stat_activity WHERE backend_xid::text = (${open.xid}::numeric % 4294967296)::text`;
    const before = Date.now();
    await store.appendToStream(`waiting-${randomUUID()}`, [newEvent(), newEvent()], 'no_stream');
    const holdup = await store.holdup(100);
    expect(holdup).toMatchObject({
      waitingEvents: 2,
      transaction: { pid: session!.pid, applicationName: 'nightly-report' },
    });
    expect(holdup!.transaction.state).toBe('idle in transaction');
    expect(holdup!.transaction.startedAt!.getTime()).toBeLessThanOrEqual(before);
    expect(holdup!.waitingSince!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // How long the oldest has waited, by the database's clock: it grows while they wait.
    expect(holdup!.waitedMs).toBeGreaterThanOrEqual(0);
    expect(holdup!.waitedMs).toBeLessThan(Date.now() - before + 1000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await store.holdup(100))!.waitedMs).toBeGreaterThanOrEqual(holdup!.waitedMs + 250);
    // Counted up to the cap asked for.
    expect((await store.holdup(1))!.waitingEvents).toBe(1);
  } finally {
    await open.commit();
  }
  // Once it ends (the app's own projections may briefly hold a later event back meanwhile).
  await eventually(
    () => store.holdup(100),
    (holdup) => holdup === null,
    5000,
  );
});

it('is told to operators on /ops/health once it has lasted a second, with the session, and is null otherwise', async () => {
  const operator = await createUser(app, 'SuperUser');
  const health = async () => {
    const response = await fetch(`${app.url}/api/v1/ops/health`, { headers: operator.auth });
    expect(response.status).toBe(200);
    return ((await response.json()) as Envelope<HealthReport>).data;
  };
  const heldBack = async () => (await health()).event_store.held_back;
  await eventually(heldBack, (held) => held === null, 5000);
  const open = await openTransaction(reporting);
  try {
    // A change through the API commits behind the open transaction.
    const created = await fetch(`${app.url}/api/v1/practices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...operator.auth },
      body: JSON.stringify({ name: 'Held Back Clinic', time_zone: 'UTC' }),
    });
    expect(created.status).toBe(201);
    const committed = Date.now();
    // Not before its events have waited a second: a wait of a few milliseconds behind the
    // service's own short transactions is no operator's concern.
    const early = await health();
    if (Date.parse(early.checked_at) - committed < HELD_BACK_REPORT_MS - 100) {
      expect(early.event_store.held_back).toBeNull();
    }
    const report = await eventually(health, (r) => r.event_store.held_back !== null, 5000);
    const held = report.event_store.held_back!;
    expect(Date.parse(report.checked_at) - Date.parse(held.waiting_since!)).toBeGreaterThanOrEqual(
      HELD_BACK_REPORT_MS - 100,
    );
    expect(held).toMatchObject({
      transaction: { application_name: 'nightly-report', state: 'idle in transaction' },
    });
    expect(held.waiting_events).toBeGreaterThanOrEqual(1);
    expect(typeof held.transaction.pid).toBe('number');
    expect(Date.parse(held.transaction.started_at!)).not.toBeNaN();
  } finally {
    await open.commit();
  }
  await eventually(heldBack, (held) => held === null, 5000);
});

it('leaves out a transaction open in another database of the server', async () => {
  const other = postgres(app.database.url.replace(/\/[^/]+$/, '/postgres'), {
    max: 1,
    onnotice: () => undefined,
  });
  const elsewhere = await openTransaction(other);
  try {
    await store.appendToStream(`elsewhere-${randomUUID()}`, [newEvent()], 'no_stream');
    // Null while the other database's transaction is still open (it never would be otherwise).
    await eventually(
      () => store.holdup(100),
      (holdup) => holdup === null,
      5000,
    );
    const [status] = await app.database.sql<{ status: string }[]>`
      SELECT pg_xact_status(${elsewhere.xid}::xid8) AS status`;
    expect(status!.status).toBe('in progress');
  } finally {
    await elsewhere.commit();
    await other.end();
  }
});
