import type { BookingResult, MeetingJoinAck, MeetingView } from '@medbook/contracts';
import { sql } from 'kysely';
import { createUser, type TestUser } from '../../support/accounts';
import { type ApiProcess, buildApi, startApiProcess } from '../../support/api-process';
import { closeLiveClients, type LiveSocket, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

// A video visit whose patient is connected to one API process and whose provider to another:
// the meeting's pushes, the call's peers and its signalling cross between processes.
let database: TestDatabase;
const nodes: ApiProcess[] = [];
let fixtures: TestApp;
let practice: TestPractice;
let patient: TestUser;
let appointmentId: string;

beforeAll(async () => {
  buildApi();
  database = await createTestDatabase({ max: 4 });
  // A third process to kill: a patient connected through it loses it mid-call.
  for (const n of [1, 2, 3]) {
    nodes.push(
      await startApiProcess({
        databaseUrl: database.url,
        instanceId: `meet-${n}`,
        env: { MEETING_REAPER_INTERVAL_MS: '500' },
      }),
    );
  }
  fixtures = await startTestApp({ database, config: { runProjections: false } });
  practice = await createPractice(fixtures);
  patient = await createUser(fixtures, 'Patient');
  const { calendarId, position } = await createCalendar(fixtures, practice, {
    visit_type: 'Telehealth',
  });
  const slot = await tomorrowsSlot(fixtures, calendarId, position);
  const booked = await nodes[0]!.api.as(patient).post<BookingResult>('/api/v1/appointments', {
    calendar_id: calendarId,
    start_date: slot.start_date,
  });
  if (booked.status !== 201) throw new Error(`book: ${JSON.stringify(booked.body)}`);
  appointmentId = booked.body.data.appointment_id;
}, 180_000);

afterAll(async () => {
  closeLiveClients();
  await fixtures?.close();
  await Promise.all(nodes.map((node) => node.stop()));
  await database?.drop();
}, 60_000);

const joinCall = (socket: LiveSocket) =>
  new Promise<MeetingJoinAck>((resolve) =>
    socket.emit('meeting.join', { appointment_id: appointmentId }, resolve),
  );

it('admits, joins and signals between a patient on one process and a provider on another', async () => {
  const [one, two] = nodes as [ApiProcess, ApiProcess];
  const patientLive = await watch(one, patient, [`meeting:${appointmentId}`]);
  expect(
    (await one.api.as(patient).post(`/api/v1/appointments/${appointmentId}/meeting/ready`, {}))
      .status,
  ).toBe(200);
  const admitted = await two.api
    .as(practice.provider)
    .post(`/api/v1/appointments/${appointmentId}/meeting/participants/${patient.userId}/admit`, {});
  expect(admitted.status).toBe(200);
  // Whichever process runs the projections, the push reaches the patient's process.
  await patientLive.eventually('meeting.changed', (m) =>
    m.some((c) => c.kind === 'MeetingParticipantAdmitted'),
  );

  expect(await joinCall(patientLive.socket)).toMatchObject({ ok: true });
  const providerLive = await watch(two, practice.provider);
  expect(await joinCall(providerLive.socket)).toMatchObject({ ok: true });
  const [peer] = await patientLive.eventually('meeting.peer-joined', (m) => m.length > 0);
  expect(peer).toMatchObject({ socket_id: providerLive.socket.id, role: 'Provider' });

  providerLive.socket.emit('meeting.signal', {
    appointment_id: appointmentId,
    to: patientLive.socket.id!,
    description: { type: 'offer', sdp: 'offer across processes' },
  });
  const [offer] = await patientLive.eventually('meeting.signal', (m) => m.length > 0);
  expect(offer).toMatchObject({
    from: providerLive.socket.id,
    from_participant_id: practice.provider.userId,
    description: { type: 'offer', sdp: 'offer across processes' },
  });
  patientLive.socket.emit('meeting.signal', {
    appointment_id: appointmentId,
    to: providerLive.socket.id!,
    description: { type: 'answer', sdp: 'answer across processes' },
  });
  const [answer] = await providerLive.eventually('meeting.signal', (m) => m.length > 0);
  expect(answer).toMatchObject({ from: patientLive.socket.id, description: { type: 'answer' } });

  // The patient's connection drops: the provider's process hears the peer leave.
  const patientSocketId = patientLive.socket.id;
  patientLive.close();
  await providerLive.eventually('meeting.peer-left', (m) =>
    m.some((left) => left.socket_id === patientSocketId),
  );
});

it("records the leave of a call's socket whose API process was killed, and tells the call", async () => {
  const [one, two, three] = nodes as [ApiProcess, ApiProcess, ApiProcess];
  const providerLive = await watch(two, practice.provider);
  expect(await joinCall(providerLive.socket)).toMatchObject({ ok: true });
  const patientLive = await watch(three, patient);
  expect(await joinCall(patientLive.socket)).toMatchObject({ ok: true });
  const patientSocketId = patientLive.socket.id!;
  await providerLive.eventually('meeting.peer-joined', (m) =>
    m.some((peer) => peer.socket_id === patientSocketId),
  );
  const patientConnections = async () => {
    const view = await one.api
      .as(practice.provider)
      .get<MeetingView>(`/api/v1/appointments/${appointmentId}/meeting`);
    expect(view.status).toBe(200);
    return view.body.data.participants.find((p) => p.participant_id === patient.userId)
      ?.connections;
  };
  expect(await patientConnections()).toBe(1);

  // A live connection is never taken for gone: past the grace period and many runs, it stands.
  await new Promise((resolve) => setTimeout(resolve, 7_000));
  expect(await patientConnections()).toBe(1);
  expect(providerLive.heard('meeting.peer-left')).toEqual([]);

  // The patient's process dies with no shutdown: nothing of it records the leave.
  await three.kill();
  await providerLive.eventually(
    'meeting.peer-left',
    (m) => m.some((left) => left.socket_id === patientSocketId),
    45_000,
  );
  expect(await patientConnections()).toBe(0);
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM meeting_connections
    WHERE connection_id = ${patientSocketId}`.execute(fixtures.database.db);
  expect(Number(rows[0]!.n)).toBe(0);
}, 90_000);
