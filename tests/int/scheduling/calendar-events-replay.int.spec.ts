import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type EventMetadata, PostgresEventStore } from '@medbook/event-store';
import { sql } from 'kysely';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { ALL_PROJECTIONS } from '../../../apps/api/src/projections';
import { withUpcasters } from '../../../apps/api/src/upcasters';
import { eventually } from '../../support/events';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

/**
 * A log written by the code before the fine-grained calendar events (recorded at commit fe02a69
 * through the API: every kind of calendar change, a booking, a waitlist offer), with the rows the
 * projections of that code made of it. Replayed today, the old CalendarSettingsChanged events are
 * read as the new facts, and every business read model comes out the same.
 */
interface LegacyLog {
  readonly events: readonly {
    global_position: string;
    event_id: string;
    stream_id: string;
    stream_revision: string;
    event_type: string;
    data: unknown;
    metadata: EventMetadata;
    recorded_at: string;
  }[];
  readonly tables: Readonly<Record<string, readonly Record<string, unknown>[]>>;
}

const log = JSON.parse(
  readFileSync(path.join(__dirname, '../../fixtures/calendar-events/legacy-log.json'), 'utf8'),
) as LegacyLog;

/**
 * The trails tell each stored event: the legacy changes now read as fine-grained facts sharing
 * their position, so their lines differ on purpose (compared apart below).
 */
const TRAILS = ['rm_audit_trail', 'rm_practice_audit'];

let database: TestDatabase;
/** Where each recorded event landed in the replayed log (positions are the database's own). */
const positions = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  let recordedAt = new Date();
  const store = new PostgresEventStore(database.eventStoreSql, {
    listen: false,
    now: () => recordedAt,
  });
  for (const event of log.events) {
    recordedAt = new Date(event.recorded_at);
    const revision = Number(event.stream_revision);
    const appended = await store.appendToStream(
      event.stream_id,
      [{ id: event.event_id, type: event.event_type, data: event.data, metadata: event.metadata }],
      revision === 0 ? 'no_stream' : revision - 1,
    );
    positions.set(event.global_position, String(appended.position));
  }
  // Readers see only events older than every transaction running on the server (other test
  // files' included): the rebuild starts once all of the log is visible.
  await eventually(
    () => store.readAll({ maxCount: log.events.length + 1 }),
    (events) => events.length === log.events.length,
  );
  const rebuilder = new ProjectionRebuilder(withUpcasters(store), database.db, {
    now: () => new Date(),
  });
  for (const projection of ALL_PROJECTIONS) await rebuilder.rebuild(projection);
  await store.close();
});

afterAll(() => database.drop());

/** A row as JSON has it, its log positions those of the recorded log. */
function recorded(row: Record<string, unknown>): Record<string, unknown> {
  const inverse = new Map([...positions].map(([before, after]) => [after, before]));
  const json = JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
  for (const column of Object.keys(json)) {
    if (column === 'position' || column.endsWith('_position')) {
      json[column] = inverse.get(String(json[column])) ?? json[column];
    }
  }
  return json;
}

const sorted = (rows: readonly Record<string, unknown>[]) =>
  rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();

async function rowsOf(table: string): Promise<Record<string, unknown>[]> {
  const result = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`.execute(
    database.db,
  );
  return result.rows.map(recorded);
}

const upcastPositions = new Set(
  log.events
    .filter((e) => e.event_type === 'CalendarSettingsChanged')
    .map((e) => e.global_position),
);

describe('a rebuild of a log written before the fine-grained calendar events', () => {
  const business = Object.keys(log.tables).filter((table) => !TRAILS.includes(table));

  it.each(business)('gives the same rows of %s as the old code did', async (table) => {
    // Columns added since the log was recorded are told from the same events by their own
    // tests: the old code's columns must read exactly as it wrote them.
    const then = log.tables[table]!;
    const columns = new Set(then.flatMap((row) => Object.keys(row)));
    const now = (await rowsOf(table)).map((row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => columns.has(column))),
    );
    expect(sorted(now)).toEqual(sorted(then));
  });

  it('reads every old change as fine-grained facts with their before values and metadata', async () => {
    const store = withUpcasters(new PostgresEventStore(database.eventStoreSql, { listen: false }));
    try {
      const calendarId = log.events.find((e) => e.event_type === 'CalendarCreated')!.stream_id;
      const events = await store.readStream(calendarId);
      expect(events.map((e) => e.type)).not.toContain('CalendarSettingsChanged');
      expect(events.map((e) => e.type)).toEqual([
        'CalendarCreated',
        'CalendarHoursChanged',
        'CalendarWorkingDaysChanged',
        'CalendarDateRangeChanged',
        'CalendarTimeStepChanged',
        'CalendarRenamed',
        'CalendarSlotVisibilityChanged',
        'CalendarHoursChanged',
        'CalendarBookingRulesChanged',
        'CalendarWizardSettingsChanged',
        'CalendarTimeSpanBlocked',
        'CalendarTimeSpanBlocked',
        'CalendarTimeSpanReopened',
        'CalendarTimeSpanBlocked',
        'CalendarVisitReasonAdded',
        'CalendarVisitReasonAdded',
        'CalendarVisitReasonChanged',
        'CalendarVisitReasonAdded',
        'CalendarVisitReasonRemoved',
        'CalendarCapacityChanged',
        'CalendarBookingRulesChanged',
      ]);
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      const stored = new Map(log.events.map((e) => [positions.get(e.global_position), e]));
      for (const event of events) {
        const original = stored.get(String(event.globalPosition))!;
        expect(event.streamRevision).toBe(Number(original.stream_revision));
        expect(event.metadata).toEqual(original.metadata);
        expect(event.recordedAt.toISOString()).toBe(new Date(original.recorded_at).toISOString());
      }
      const hours = events.filter((e) => e.type === 'CalendarHoursChanged')[1]!;
      expect(hours.data).toMatchObject({
        before: { first_hour: 9, last_hour: 13 },
        after: { first_hour: 8, last_hour: 13 },
      });
      const added = events.find((e) => e.type === 'CalendarVisitReasonAdded')!;
      expect(added.data).toMatchObject({
        reason: { title: 'Checkup', week_time_frame: [1, 2] },
        before: { reasons: [] },
      });
      // Read again, the same stored event gives the same ids.
      expect((await store.readStream(calendarId)).map((e) => e.id)).toEqual(
        events.map((e) => e.id),
      );
    } finally {
      await store.close();
    }
  });

  it("differs in the trails only where an old change now reads as facts: at the same positions, by the same actors, each fact's sentence told", async () => {
    for (const table of TRAILS) {
      const now = await rowsOf(table);
      const then = log.tables[table]!;
      const identity = (row: Record<string, unknown>) => ({
        position: row.position,
        actor_id: row.actor_id,
        actor_role: row.actor_role,
        ip: row.ip,
        user_agent: row.user_agent,
        correlation_id: row.correlation_id,
        recorded_at: row.recorded_at,
      });
      expect(sorted(now.map(identity))).toEqual(sorted(then.map(identity)));
      const untouched = (rows: readonly Record<string, unknown>[]) =>
        rows.filter((row) => !upcastPositions.has(String(row.position)));
      expect(sorted(untouched(now))).toEqual(sorted(untouched(then)));
    }
    const lines = (await rowsOf('rm_practice_audit')).filter((row) =>
      upcastPositions.has(String(row.position)),
    );
    const summaries = lines.map((row) => row.summary as string);
    expect(summaries).toContain('Changed the time step of "Dr. Test" from 60 to 30 minutes');
    expect(summaries).toContain(
      'Changed the hours of "Dr. Renamed" from 9:00–13:00 to 8:00–13:00; Changed the booking rules of "Dr. Renamed": waiting list off → on, accept or reject requests off → on, hold minutes 10 → 15; Changed the booking wizard of "Dr. Renamed": custom forms none → intake-2026, demographics off → on, insurance on → off',
    );
  });
});
