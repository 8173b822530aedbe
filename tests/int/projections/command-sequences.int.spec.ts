import {
  APPOINTMENT_STATUSES,
  type BookingResult,
  type HoldView,
  type ProjectionStatus,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import fc from 'fast-check';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { ALL_PROJECTIONS } from '../../../apps/api/src/projections';
import { createUser, registerPatient, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

/**
 * Projections are total: random sequences of valid commands across the modules (practices,
 * calendars and their settings, holds, bookings by patients and staff, walk-ins, status changes,
 * cancellations, waitlists, family members), sent through the API, never get a 5xx; afterwards
 * every projection has applied every event (lag 0, no error, nothing failing) and its rows equal
 * what a rebuild from the log writes, batched as well as event by event.
 */
let app: TestApp;
let superUser: TestUser;
let practice: TestPractice;
let patients: TestUser[];
const calendars: string[] = [];
const starts = new Map<string, string[]>();
const appointments: string[] = [];
/** Family members added so far, with the patient who added them. */
const members: { holder: TestUser; id: string }[] = [];

beforeAll(async () => {
  app = await startTestApp();
  superUser = await createUser(app, 'SuperUser');
  practice = await createPractice(app);
  patients = await Promise.all(Array.from({ length: 4 }, () => createUser(app, 'Patient')));
  for (const settings of [
    { booking_capacity: 2, wait_list_enabled: true },
    { booking_capacity: 1, accept_reject_enabled: true },
  ]) {
    const { calendarId, position } = await createCalendar(app, practice, settings);
    calendars.push(calendarId);
    const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
    const view = await week(app, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
    starts.set(
      calendarId,
      view.days.flatMap((day) => day.time_slots.map((slot) => slot.start_date)).slice(0, 12),
    );
  }
}, 60_000);

afterAll(async () => {
  await app.close();
});

type Action = (pick: (n: number) => number) => Promise<{ status: number; what: string }>;

const oneOf = <T>(items: readonly T[], pick: (n: number) => number): T =>
  items[pick(items.length)]!;

const ACTIONS: Record<string, Action> = {
  async patientBooks(pick) {
    const calendarId = oneOf(calendars, pick);
    const response = await app.api.as(oneOf(patients, pick)).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: oneOf(starts.get(calendarId)!, pick),
      reason: 'Check-up',
    });
    if (response.status === 201) {
      appointments.push((response.body.data as BookingResult).appointment_id);
    }
    return { status: response.status, what: 'patient books' };
  },
  async staffBooks(pick) {
    const calendarId = oneOf(calendars, pick);
    const response = await app.api.as(practice.staff).post('/api/v1/appointments', {
      calendar_id: calendarId,
      start_date: oneOf(starts.get(calendarId)!, pick),
      patient_id: await registerPatient(app),
    });
    if (response.status === 201) {
      appointments.push((response.body.data as BookingResult).appointment_id);
    }
    return { status: response.status, what: 'staff books' };
  },
  async holdsThenLets(pick) {
    const calendarId = oneOf(calendars, pick);
    const patient = oneOf(patients, pick);
    const held = await app.api.as(patient).put(`/api/v1/calendars/${calendarId}/slots/hold`, {
      start_date: oneOf(starts.get(calendarId)!, pick),
    });
    if (held.status !== 200 && held.status !== 201) return { status: held.status, what: 'hold' };
    const { hold_id: holdId, start_date: start } = held.body.data as HoldView;
    const ended = await app.api
      .as(patient)
      .delete(`/api/v1/calendars/${calendarId}/slots/hold/${holdId}`, { start_date: start });
    return { status: ended.status, what: 'end hold' };
  },
  async walksIn(pick) {
    const response = await app.api
      .as(oneOf(patients, pick))
      .post('/api/v1/appointments/walk-in', { calendar_id: oneOf(calendars, pick) });
    if (response.status === 201) {
      appointments.push((response.body.data as BookingResult).appointment_id);
    }
    return { status: response.status, what: 'walk-in' };
  },
  async changesStatus(pick) {
    if (appointments.length === 0) return { status: 200, what: 'no appointment yet' };
    const status = oneOf(APPOINTMENT_STATUSES, pick);
    const response = await app.api
      .as(practice.staff)
      .put(`/api/v1/appointments/${oneOf(appointments, pick)}/status`, {
        status,
        // A rejection says why (the reason is projected, so the rebuild must give it back).
        ...(status === 'Rejected' ? { reason: 'No opening that week.' } : {}),
      });
    return { status: response.status, what: 'status' };
  },
  async cancels(pick) {
    if (appointments.length === 0) return { status: 200, what: 'no appointment yet' };
    const response = await app.api
      .as(practice.admin)
      .delete(`/api/v1/appointments/${oneOf(appointments, pick)}`, { reason: 'Plans changed' });
    return { status: response.status, what: 'cancel' };
  },
  async changesCapacity(pick) {
    const response = await app.api
      .as(practice.admin)
      .put(`/api/v1/calendars/${oneOf(calendars, pick)}`, { booking_capacity: 1 + pick(3) });
    return { status: response.status, what: 'capacity' };
  },
  async joinsWaitlist(pick) {
    const response = await app.api
      .as(oneOf(patients, pick))
      .post('/api/v1/waitlist', { calendar_id: oneOf(calendars, pick) });
    return { status: response.status, what: 'waitlist' };
  },
  async addsFamilyMember(pick) {
    const patient = oneOf(patients, pick);
    const response = await app.api
      .as(patient)
      .post(`/api/v1/patients/${patient.userId}/family-members`, {
        first_name: oneOf(['Mia', 'Léa', 'Noah', 'Zoë'], pick),
        last_name: 'Family',
        relationship: oneOf(['Child', 'Spouse', 'Parent'], pick),
      });
    if (response.status === 201) {
      members.push({ holder: patient, id: (response.body.data as { id: string }).id });
    }
    return { status: response.status, what: 'family member' };
  },
  async changesPatientDetails(pick) {
    const patient = oneOf(patients, pick);
    const own = members.filter((m) => m.holder === patient);
    const name = { first_name: oneOf(['Ana', 'Zoë', 'Noé'], pick), last_name: 'Details' };
    if (own.length > 0 && pick(2) === 0) {
      const response = await app.api.as(patient).put(`/api/v1/patients/${oneOf(own, pick).id}`, {
        ...name,
        relationship: oneOf(['Child', 'Sibling'], pick),
        birth_date: oneOf(['2012-02-29', '2015-07-01'], pick),
      });
      return { status: response.status, what: 'family member details' };
    }
    // A practice's staff change a patient who booked with it; others are refused (403).
    const caller = pick(3) === 0 ? practice.staff : patient;
    const response = await app.api.as(caller).put(`/api/v1/patients/${patient.userId}`, {
      ...name,
      gender: oneOf(['Female', 'Other'], pick),
      mobile_number: oneOf(['(555) 010-0101', '5550102'], pick),
      zip_code: oneOf(['10001', '94110'], pick),
    });
    return { status: response.status, what: 'patient details' };
  },
  async registersPractice(pick) {
    const response = await app.api.as(superUser).post('/api/v1/practices', {
      name: `${oneOf(['North', 'São', 'Ōsaka', 'Lake'], pick)} Clinic ${pick(1000)}`,
      time_zone: oneOf(['UTC', 'America/Santiago', 'Asia/Kolkata'], pick),
    });
    return { status: response.status, what: 'practice' };
  },
};

const statuses = async (): Promise<ProjectionStatus[]> => {
  const response = await app.api.as(superUser).get('/api/v1/ops/projections');
  return response.body.data as ProjectionStatus[];
};

/** The last position in the log. */
async function logHead(): Promise<number> {
  const { rows } = await sql<{ head: string | null }>`
    SELECT max(global_position)::text AS head FROM es_events`.execute(app.database.db);
  return Number(rows[0]?.head ?? 0);
}

async function tableRows(table: string): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(table)} t
    ORDER BY 1`.execute(app.database.db);
  return rows.map((r) => r.row);
}

/**
 * Each table's indexes and constraints, by name with their definitions, and whether the table
 * is durable ('p': written to the WAL; a rebuild must not leave an unlogged copy in its place).
 */
async function indexesOf(tables: readonly string[]): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    SELECT tablename || ' ' || indexname || ': ' || indexdef AS line FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = ANY(${tables}::text[])
    UNION ALL
    SELECT relname || ' persistence ' || relpersistence::text FROM pg_class
     WHERE relnamespace = 'public'::regnamespace AND relname = ANY(${tables}::text[])
    ORDER BY 1`.execute(app.database.db);
  return rows.map((r) => r.line);
}

it('applies every event of random command sequences, and a rebuild writes the same rows', async () => {
  const names = Object.keys(ACTIONS);
  const answered = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(fc.constantFrom(...names), fc.array(fc.nat(), { minLength: 4 })), {
        minLength: 5,
        maxLength: 25,
      }),
      async (steps) => {
        for (const [name, choices] of steps) {
          let i = 0;
          const pick = (n: number) => choices[i++ % choices.length]! % n;
          const { status, what } = await ACTIONS[name]!(pick);
          if (status >= 500) throw new Error(`${what} answered ${status}`);
          const key = `${what} ${status}`;
          answered.set(key, (answered.get(key) ?? 0) + 1);
        }
      },
    ),
    { numRuns: 8 },
  );

  // The commands have answered, but process managers may still append (a place freed by a cancel
  // is offered to the waiting list by holding the slot): the live rows are read once every
  // projection has applied the whole log and the log has stopped growing around the read.
  const tables = ALL_PROJECTIONS.flatMap((projection) => projection.tables);
  const { caughtUp, live } = await eventually(
    async () => {
      const head = await logHead();
      const all = await statuses();
      const rows = await Promise.all(tables.map(tableRows));
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { caughtUp: all, live: rows, quiet: head === (await logHead()) };
    },
    ({ caughtUp: all, quiet }) =>
      quiet && all.every((p) => p.lag_events === 0 && p.state === 'running'),
    20_000,
  );
  for (const projection of caughtUp) {
    expect({
      name: projection.name,
      failing: projection.failing_event,
      error: projection.last_error,
    }).toEqual({ name: projection.name, failing: null, error: null });
  }

  const rebuilder = new ProjectionRebuilder(app.app.get<EventStore>(EVENT_STORE), app.database.db, {
    now: () => new Date(),
  });
  const liveIndexes = await indexesOf(tables);
  // The fast path (one read for all, whole batches, indexes after the load), then `apply` event
  // by event: both write what the live projections wrote, the indexes keep their names and the
  // tables are as durable as before.
  for (const eventByEvent of [false, true]) {
    await rebuilder.rebuildAll(ALL_PROJECTIONS, { eventByEvent });
    const rebuilt = await Promise.all(tables.map(tableRows));
    tables.forEach((table, i) => {
      expect({ eventByEvent, table, rows: rebuilt[i] }).toEqual({
        eventByEvent,
        table,
        rows: live[i],
      });
    });
    expect(await indexesOf(tables)).toEqual(liveIndexes);
  }
  // The sequences did change things: most kinds of command were accepted at least once.
  const accepted = new Set(
    [...answered.keys()].filter((key) => / 20\d$/.test(key)).map((key) => key.replace(/ \d+$/, '')),
  );
  expect(accepted.size).toBeGreaterThanOrEqual(7);
  expect(appointments.length).toBeGreaterThan(0);
}, 300_000);
