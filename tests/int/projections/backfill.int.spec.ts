import type { BookingResult, ProjectionStatus } from '@medbook/contracts';
import type { EventStore, RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import type {
  Projection,
  ProjectionContext,
} from '../../../apps/api/src/infra/projections/projection';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { walkInQueueProjection } from '../../../apps/api/src/modules/walk-in-queue/projections/walk-in-queue.projection';
import { ALL_PROJECTIONS } from '../../../apps/api/src/projections';
import { createUser, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { createCalendar, createPractice, tomorrowsSlot } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// A projection added to a service already running (here the walk-in queue, on two instances of
// one database) is back-filled from the log's start by the one instance that leads the
// projections, while bookings go on; its progress shows in /ops/projections of both; then it
// joins the live projections, its rows those that applying the log event by event writes.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const WITHOUT_QUEUE = ALL_PROJECTIONS.filter((p) => p.name !== walkInQueueProjection.name);

/** The walk-in queue, each replayed batch held a while, so the back-fill can be watched. */
function slowQueue(replayed: RecordedEvent[][]): Projection {
  return {
    name: walkInQueueProjection.name,
    tables: walkInQueueProjection.tables,
    apply: (event, context) => walkInQueueProjection.apply(event, context),
    async applyAll(events: readonly RecordedEvent[], context: ProjectionContext) {
      if (context.replaying) {
        replayed.push([...events]);
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      for (const event of events) await walkInQueueProjection.apply(event, context);
    },
  };
}

async function walkIn(app: TestApp, patient: TestUser, calendarId: string): Promise<number> {
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments/walk-in', { calendar_id: calendarId });
  expect(response.status).toBe(201);
  return (response.body.data as BookingResult).position;
}

async function queueRows(): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM rm_walk_in_queue t
    ORDER BY 1`.execute(database.db);
  return rows.map((r) => r.row);
}

it('back-fills a newly added projection in one of two instances while bookings go on', async () => {
  // The service as it was: no walk-in queue, and walk-ins in the log.
  const before = await startTestApp({ database, projections: WITHOUT_QUEUE });
  const superUser = await createUser(before, 'SuperUser');
  const practice = await createPractice(before);
  const patients = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(before, 'Patient')));
  const { calendarId, position } = await createCalendar(before, practice);
  const slot = await tomorrowsSlot(before, calendarId, position, 3);
  for (const patient of patients.slice(0, 3)) await walkIn(before, patient, calendarId);
  await before.close();

  const replayedByA: RecordedEvent[][] = [];
  const replayedByB: RecordedEvent[][] = [];
  const a = await startTestApp({
    database,
    projections: [...WITHOUT_QUEUE, slowQueue(replayedByA)],
  });
  const b = await startTestApp({
    database,
    projections: [...WITHOUT_QUEUE, slowQueue(replayedByB)],
  });
  const queueIn = async (app: TestApp) => {
    const response = await app.api.as(superUser).get('/api/v1/ops/projections');
    return (response.body.data as ProjectionStatus[]).find((p) => p.name === 'walk-in-queue')!;
  };
  try {
    // Both instances tell the back-fill and how far it got.
    const filling = await eventually(
      () => queueIn(b),
      (status) => status.state === 'back-filling' && status.backfill!.total > 0,
      10_000,
    );
    expect(filling.backfill!.applied).toBeLessThanOrEqual(filling.backfill!.total);
    expect((await queueIn(a)).state).toBe('back-filling');

    // Bookings are not held up meanwhile, in either instance: both are answered while the
    // back-fill (each replayed batch held 1.5 s) is still going, not after it (no timing here:
    // the state after them says which).
    await walkIn(a, patients[3]!, calendarId);
    const booking = await b.api.as(patients[0]!).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: slot.start_date,
      reason: 'Check-up',
    });
    expect(booking.status).toBe(201);
    expect((await queueIn(a)).state).toBe('back-filling');

    // Then it runs live with the others, having missed nothing.
    const done = await eventually(
      () => queueIn(a),
      (status) => status.state === 'running' && status.lag_events === 0,
      30_000,
    );
    expect(done.backfill).toBeNull();
    const last = await walkIn(b, patients[4]!, calendarId);
    await eventually(
      () => queueIn(a),
      (status) => status.position >= last,
      10_000,
    );
    // One instance back-filled, the other did not.
    expect([replayedByA.length > 0, replayedByB.length > 0].sort()).toEqual([false, true]);

    const rows = await queueRows();
    expect(rows).toHaveLength(5);
    const rebuilder = new ProjectionRebuilder(a.app.get<EventStore>(EVENT_STORE), database.db, {
      now: () => new Date(),
    });
    await rebuilder.rebuild(walkInQueueProjection, { eventByEvent: true });
    expect(await queueRows()).toEqual(rows);
  } finally {
    await a.close();
    await b.close();
  }
}, 120_000);
