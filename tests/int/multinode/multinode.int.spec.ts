import { type BookingResult, type SlotChangedMessage, slotId } from '@medbook/contracts';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import type { LedProjectionStatus } from '../../../apps/api/src/infra/projections/projections.service';
import { createUser, type TestUser } from '../../support/accounts';
import { type ApiProcess, buildApi, startApiProcess } from '../../support/api-process';
import { eventually } from '../../support/events';
import { closeLiveClients, type LiveClient, watch } from '../../support/live-client';
import { createCalendar, createPractice, type TestPractice, week } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// Three API processes (the built service, as `npm start` runs it) on one database. Accounts and
// calendars are made through a fourth, in this jest process, that runs no projections.
let database: TestDatabase;
const nodes: ApiProcess[] = [];
let fixtures: TestApp;
let practice: TestPractice;
let operator: TestUser;
let patients: TestUser[];

beforeAll(async () => {
  buildApi();
  database = await createTestDatabase({ max: 4 });
  for (const n of [1, 2, 3]) {
    nodes.push(await startApiProcess({ databaseUrl: database.url, instanceId: `node-${n}` }));
  }
  fixtures = await startTestApp({ database, config: { runProjections: false } });
  practice = await createPractice(fixtures);
  operator = await createUser(fixtures, 'SuperUser');
  patients = await Promise.all(Array.from({ length: 30 }, () => createUser(fixtures, 'Patient')));
}, 180_000);

afterAll(async () => {
  closeLiveClients();
  await fixtures?.close();
  await Promise.all(nodes.map((node) => node.stop()));
  await database?.drop();
}, 60_000);

const statuses = async (node: ApiProcess): Promise<LedProjectionStatus[]> => {
  const response = await node.api
    .as(operator)
    .get<LedProjectionStatus[]>('/api/v1/ops/projections');
  if (response.status !== 200) throw new Error(`ops/projections: ${response.status}`);
  return response.body.data;
};

/** The process that runs the projections, as each process's /ops/projections names it. */
async function projectionLeader(asked: ApiProcess): Promise<string | null> {
  const leaders = new Set((await statuses(asked)).map((s) => s.leader));
  expect(leaders.size).toBe(1);
  return [...leaders][0]!;
}

async function guestSocket(node: ApiProcess, calendarId: string): Promise<LiveClient> {
  const guest = await node.api.post<{ access_token: string }>('/api/v1/auth/guest', {});
  return watch(node, guest.body.data.access_token, [`calendar:${calendarId}`]);
}

/** The first `count` starts of tomorrow's slots. */
async function tomorrowsStarts(calendarId: string, position: number, count: number) {
  const tomorrow = DateTime.now().setZone('America/New_York').plus({ days: 1 }).toISODate()!;
  const view = await week(fixtures, calendarId, `?start_date=${tomorrow}&min_position=${position}`);
  const starts = view.days[0]!.time_slots.slice(0, count).map((slot) => slot.start_date);
  expect(starts).toHaveLength(count);
  return starts;
}

const book = (node: ApiProcess, calendarId: string, start: string, patient: TestUser) =>
  node.api.as(practice.staff).post<BookingResult>('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: start,
    patient_id: patient.userId,
  });

/** The calendar's slot bookings in the log, in the order projections apply them. */
async function bookedInLogOrder(calendarId: string): Promise<number[]> {
  const { rows } = await sql<{ position: string }>`
    SELECT global_position AS position FROM es_events
     WHERE stream_id LIKE ${`slot-${calendarId}-%`} AND event_type = 'SlotBooked'
     ORDER BY transaction_id, global_position`.execute(database.db);
  return rows.map((row) => Number(row.position));
}

const slotChanges = (socket: LiveClient, calendarId: string): SlotChangedMessage[] =>
  socket.heard('slot.changed').filter((message) => message.calendar_id === calendarId);

/** The leadership connections holding a role's lock in this database, by application name. */
async function roleHolders(): Promise<string[]> {
  const { rows } = await sql<{ holder: string }>`
    SELECT a.application_name AS holder
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
    database.db,
  );
  return rows.map((row) => row.holder);
}

async function projectionsCaughtUp(node: ApiProcess): Promise<void> {
  await eventually(
    () => statuses(node),
    (all) => all.every((s) => s.state === 'running' && s.lag_events === 0),
    20_000,
  );
}

it('books exactly the capacity in a 500-client race across the three, and a socket on each hears every slot change in order', async () => {
  const capacity = 10;
  const { calendarId, position } = await createCalendar(fixtures, practice, {
    booking_capacity: capacity,
  });
  const starts = await tomorrowsStarts(calendarId, position, 5);
  const sockets = await Promise.all(nodes.map((node) => guestSocket(node, calendarId)));

  const responses = await Promise.all(
    Array.from({ length: 500 }, (_, i) =>
      book(nodes[i % 3]!, calendarId, starts[i % 5]!, patients[Math.floor(i / 5) % 25]!).then(
        (response) => ({ start: starts[i % 5]!, response }),
      ),
    ),
  );

  const unexpected = responses.filter(({ response }) => ![201, 409].includes(response.status));
  if (unexpected.length > 0) {
    throw new Error(
      `${JSON.stringify(unexpected.map(({ response }) => response.body))}\n${nodes.map((n) => n.output()).join('\n')}`,
    );
  }
  const booked = responses.filter(({ response }) => response.status === 201);
  expect(booked).toHaveLength(capacity * starts.length);
  for (const start of starts) {
    expect(booked.filter((b) => b.start === start)).toHaveLength(capacity);
  }
  // Every acknowledged booking exists, in the log and in the read model.
  const ids = booked.map(({ response }) => response.body.data.appointment_id).sort();
  const projected = await eventually(
    async () =>
      (
        await database.db
          .selectFrom('rm_appointments')
          .select('appointment_id')
          .where('calendar_id', '=', calendarId)
          .execute()
      ).map((row) => row.appointment_id),
    (rows) => rows.length >= ids.length,
  );
  expect(projected.sort()).toEqual(ids);

  const expected = await bookedInLogOrder(calendarId);
  expect(expected).toHaveLength(booked.length);
  for (const socket of sockets) {
    await socket.eventually('slot.changed', () => slotChanges(socket, calendarId).length >= 50);
    expect(slotChanges(socket, calendarId).map((m) => m.position)).toEqual(expected);
    // Closed here: a socket whose process is killed later would try to reconnect for ever.
    socket.close();
  }
}, 120_000);

it('hands every role to a follower within 5 s of a SIGKILL of the leader under load, losing and doubling nothing', async () => {
  const { calendarId, position } = await createCalendar(fixtures, practice, {
    booking_capacity: 500,
  });
  const starts = await tomorrowsStarts(calendarId, position, 15);
  const leaderId = await eventually(
    () => projectionLeader(nodes[0]!),
    (leader) => leader !== null,
  );
  const leader = nodes.find((node) => node.instanceId === leaderId)!;
  const survivors = nodes.filter((node) => node !== leader);
  const sockets = await Promise.all(survivors.map((node) => guestSocket(node, calendarId)));

  // Bookings, 8 at a time, spread over the three; the leader dies after the 100th answer, and
  // the load goes on until a follower has led for 100 more answers (or 450 bookings were sent).
  const requests = Array.from({ length: 450 }, (_, i) => ({
    node: nodes[i % 3]!,
    start: starts[i % 15]!,
    patient: patients[Math.floor(i / 15)]!,
  }));
  const acknowledged: string[] = [];
  const answered: number[] = [];
  let killedAt = 0;
  let takeover: Promise<{ leader: string; at: number; answered: number }> | null = null;
  let tookOver: { leader: string; at: number; answered: number } | null = null;
  const watchTakeover = async () => {
    killedAt = Date.now();
    await leader.kill();
    const newLeader = await eventually(
      () => projectionLeader(survivors[0]!),
      (id) => id !== null && id !== leaderId,
      10_000,
    );
    // Every role (projections, both schedulers, the waitlist offers' and the survey invitations'
    // process managers, the log sealer, the meeting connection reaper) is led by a survivor.
    await eventually(
      roleHolders,
      (holders) =>
        holders.length === 7 && holders.every((holder) => !holder.endsWith(` ${leaderId}`)),
    );
    tookOver = { leader: newLeader!, at: Date.now(), answered: answered.length };
    return tookOver;
  };
  let next = 0;
  const worker = async () => {
    while (next < requests.length && !(tookOver && answered.length >= tookOver.answered + 100)) {
      const { node, start, patient } = requests[next++]!;
      try {
        const response = await book(node, calendarId, start, patient);
        answered.push(response.status);
        if (response.status === 201) acknowledged.push(response.body.data.appointment_id);
      } catch {
        // A request to the killed process gets no answer: it was not acknowledged.
        if (node !== leader) throw new Error(`${node.instanceId} did not answer`);
      }
      if (answered.length >= 100 && !takeover) takeover = watchTakeover();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const { leader: newLeader, at } = await takeover!;
  expect(at - killedAt).toBeLessThan(5_000);
  expect(survivors.map((node) => node.instanceId)).toContain(newLeader);

  // Every answer from a live process was a booking.
  expect(answered.every((status) => status === 201)).toBe(true);
  expect(acknowledged.length).toBeGreaterThanOrEqual(200);
  await projectionsCaughtUp(survivors[0]!);

  // Every acknowledged booking exists, in the log and in the read model; none was applied twice.
  const projected = (
    await database.db
      .selectFrom('rm_appointments')
      .select('appointment_id')
      .where('calendar_id', '=', calendarId)
      .execute()
  ).map((row) => row.appointment_id);
  expect(projected).toEqual(expect.arrayContaining(acknowledged));
  const logged = await bookedInLogOrder(calendarId);
  expect(projected).toHaveLength(logged.length);
  const { rows: perStream } = await sql<{ stream_id: string; count: string }>`
    SELECT stream_id, count(*) AS count FROM es_events
     WHERE stream_id LIKE ${`slot-${calendarId}-%`} AND event_type = 'SlotBooked'
     GROUP BY stream_id`.execute(database.db);
  const loggedPerSlot = new Map(perStream.map((row) => [row.stream_id, Number(row.count)]));
  const capacities = await database.db
    .selectFrom('rm_slot_capacity')
    .select(['start_at', 'bookings'])
    .where('calendar_id', '=', calendarId)
    .execute();
  expect(capacities).toHaveLength(starts.length);
  for (const slot of capacities) {
    expect(slot.bookings).toBe(loggedPerSlot.get(`slot-${calendarId}-${slotId(slot.start_at)}`));
  }
  // The practice's trail has one line for each booking, whichever process appended it.
  const { rows: audit } = await sql<{ events: string; audited: string }>`
    SELECT (SELECT count(*) FROM es_events WHERE event_type = 'AppointmentBooked') AS events,
           (SELECT count(*) FROM rm_practice_audit WHERE event_type = 'AppointmentBooked') AS audited`.execute(
    database.db,
  );
  expect(Number(audit[0]!.events)).toBeGreaterThan(0);
  expect(audit[0]!.audited).toBe(audit[0]!.events);

  // The survivors' sockets heard the changes in log order, none twice, up to the last one.
  for (const socket of sockets) {
    await socket.eventually('slot.changed', () =>
      slotChanges(socket, calendarId).some((m) => m.position === logged[logged.length - 1]),
    );
    const heard = slotChanges(socket, calendarId).map((m) => m.position);
    expect(heard).toEqual(logged.filter((p) => heard.includes(p)));
    expect(new Set(heard).size).toBe(heard.length);
    socket.close();
  }
}, 120_000);

it('reports a follower and a process that runs no projections as healthy, naming the leader', async () => {
  const running = nodes.filter((node) => node.child.exitCode === null && !node.child.signalCode);
  expect(running).toHaveLength(2);
  const leaderId = await projectionLeader(running[0]!);
  expect(running.map((node) => node.instanceId)).toContain(leaderId);
  for (const node of running) {
    // Public health answers up or degraded only (issue 15, safe defaults).
    const health = await node.api.get<{ status: string }>('/api/v1/health');
    expect(health.body.data.status).toBe('up');
    expect(await projectionLeader(node)).toBe(leaderId);
  }
  // This jest process's app runs with RUN_PROJECTIONS=false.
  const passive = await fixtures.api.get<{ status: string }>('/api/v1/health');
  expect(passive.body.data.status).toBe('up');
  const asked = await fixtures.api
    .as(operator)
    .get<LedProjectionStatus[]>('/api/v1/ops/projections');
  expect(asked.body.data.map((status) => status.leader)).toEqual(
    asked.body.data.map(() => leaderId),
  );
}, 30_000);
