import {
  type BookingResult,
  type PatientsInQueueView,
  type PracticeWalkInQueue,
  type QueuePositionView,
  WALK_IN_QUEUE_HOURS,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { EVENT_STORE } from '../../../apps/api/src/infra/event-store/event-store.provider';
import { ProjectionRebuilder } from '../../../apps/api/src/infra/projections/projection-rebuilder';
import { walkInQueueProjection } from '../../../apps/api/src/modules/walk-in-queue/projections/walk-in-queue.projection';
import { createUser, signIn, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import { closeLiveClients, type LiveClient, watch } from '../../support/live-client';
import {
  createCalendar,
  createPractice,
  registerEntry,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let practice: TestPractice;
let calendarId: string;
/** The API's clock runs this far ahead of the wall clock (for the day's end). */
let clockAhead = 0;

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => new Date(Date.now() + clockAhead) } });
  practice = await createPractice(app);
  ({ calendarId } = await createCalendar(app, practice));
});

afterAll(async () => {
  closeLiveClients();
  await app.close();
});

async function walkIn(patient: TestUser): Promise<BookingResult> {
  const response = await app.api
    .as(patient)
    .post('/api/v1/appointments/walk-in', { calendar_id: calendarId });
  if (response.status !== 201) throw new Error(`walk-in: ${JSON.stringify(response.body)}`);
  return response.body.data as BookingResult;
}

async function setStatus(appointmentId: string, status: string, by: TestUser): Promise<number> {
  const response = await app.api
    .as(by)
    .put(`/api/v1/appointments/${appointmentId}/status`, { status });
  if (response.status !== 200) throw new Error(`status: ${JSON.stringify(response.body)}`);
  return (response.body.data as { position: number }).position;
}

async function board(user: TestUser, position: number): Promise<PracticeWalkInQueue> {
  const response = await app.api
    .as(user)
    .get(`/api/v1/practices/${practice.practiceId}/walk-in-queue?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as PracticeWalkInQueue;
}

async function myPosition(
  user: TestUser,
  appointmentId: string,
  position: number,
): Promise<QueuePositionView> {
  const response = await app.api
    .as(user)
    .get(`/api/v1/appointments/${appointmentId}/queue-position?min_position=${position}`);
  expect(response.status).toBe(200);
  return response.body.data as QueuePositionView;
}

async function inQueue(user: TestUser, providerId: string, position: number): Promise<number> {
  const response = await app.api
    .as(user)
    .get(`/api/v1/providers/${providerId}/patients-in-queue?min_position=${position}`);
  expect(response.status).toBe(200);
  const view = response.body.data as PatientsInQueueView;
  expect(view.position).toBeGreaterThanOrEqual(position);
  return view.patients_in_queue;
}

/** Waits until the watcher's last index for the appointment is the expected one. */
const indexSeen = (watcher: LiveClient, appointmentId: string, expected: number | null) =>
  eventually(
    () =>
      watcher
        .heard('walk-in.queue-index')
        .filter((m) => m.appointmentId === appointmentId)
        .at(-1)?.queueIndex,
    (index) => index === expected,
  );

it('queues three walk-ins as 1, 2, 3 and renumbers them live as the provider works the queue', async () => {
  const patients = await Promise.all(
    ['Ada', 'Grace', 'Alan', 'Edsger'].map((first) =>
      createUser(app, 'Patient', null, { first, last: 'Walker' }),
    ),
  );
  const desk = await watch(app, practice.staff, [`practice:${practice.practiceId}`]);
  const providerSocket = await watch(app, practice.provider);

  const booked: BookingResult[] = [];
  for (const patient of patients.slice(0, 3)) booked.push(await walkIn(patient));
  const [first, second, third] = booked as [BookingResult, BookingResult, BookingResult];
  const sockets = await Promise.all(
    patients.slice(0, 3).map((p, n) => watch(app, p, [`appointment:${booked[n]!.appointment_id}`])),
  );
  const [firstSocket, secondSocket, thirdSocket] = sockets as [LiveClient, LiveClient, LiveClient];

  // Each patient reads their own place; the board lists them in order of arrival.
  expect((await myPosition(patients[0]!, first.appointment_id, third.position)).queue_index).toBe(
    1,
  );
  expect(await myPosition(patients[1]!, second.appointment_id, third.position)).toEqual({
    appointment_id: second.appointment_id,
    provider_id: practice.provider.userId,
    resource_id: null,
    status: 'Scheduled',
    queue_index: 2,
    patients_in_queue: 3,
    in_queue: true,
    position: expect.any(Number) as unknown,
  });
  expect((await myPosition(patients[2]!, third.appointment_id, third.position)).queue_index).toBe(
    3,
  );
  const listed = await board(practice.staff, third.position);
  expect(listed.queues).toHaveLength(1);
  expect(listed.queues[0]!.provider_id).toBe(practice.provider.userId);
  expect(listed.queues[0]!.patients_in_queue).toBe(3);
  expect(
    listed.queues[0]!.entries.map((e) => [e.patient_name.first_name, e.queue_index, e.status]),
  ).toEqual([
    ['Ada', 1, 'Scheduled'],
    ['Grace', 2, 'Scheduled'],
    ['Alan', 3, 'Scheduled'],
  ]);
  expect(await inQueue(practice.provider, practice.provider.userId, third.position)).toBe(3);
  // The desk's socket saw the queue grow to three, the provider's own room too.
  await eventually(
    () => desk.heard('walk-in.queue').at(-1)?.patientsInQueue,
    (n) => n === 3,
  );
  await eventually(
    () => providerSocket.heard('walk-in.queue').at(-1)?.patientsInQueue,
    (n) => n === 3,
  );

  // Check-in and the waiting room keep the place in line.
  await setStatus(first.appointment_id, 'Checked-In', practice.staff);
  await setStatus(second.appointment_id, 'Waiting-Room', practice.staff);
  const stillThree = await board(
    practice.staff,
    await setStatus(first.appointment_id, 'Waiting-Room', practice.staff),
  );
  expect(stillThree.queues[0]!.entries.map((e) => [e.queue_index, e.status])).toEqual([
    [1, 'Waiting-Room'],
    [2, 'Waiting-Room'],
    [3, 'Scheduled'],
  ]);

  // The provider starts #1's visit: the others' sockets receive 1 and 2 without asking.
  const started = await setStatus(first.appointment_id, 'In Progress', practice.provider);
  await indexSeen(secondSocket, second.appointment_id, 1);
  await indexSeen(thirdSocket, third.appointment_id, 2);
  await indexSeen(firstSocket, first.appointment_id, null);
  const pushed = secondSocket.heard('walk-in.queue-index').at(-1)!;
  expect(pushed).toEqual({
    appointmentId: second.appointment_id,
    patientId: patients[1]!.userId,
    providerId: practice.provider.userId,
    resourceId: null,
    status: 'Waiting-Room',
    queueIndex: 1,
    patientsInQueue: 2,
    position: started,
  });
  expect(await inQueue(practice.provider, practice.provider.userId, started)).toBe(2);
  const visiting = await myPosition(patients[0]!, first.appointment_id, started);
  expect(visiting).toMatchObject({ status: 'In Progress', queue_index: null, in_queue: false });
  // The visit in progress stays on the board, after the waiting line, so it can be checked out.
  expect(
    (await board(practice.provider, started)).queues[0]!.entries.map((e) => [
      e.appointment_id,
      e.queue_index,
    ]),
  ).toEqual([
    [second.appointment_id, 1],
    [third.appointment_id, 2],
    [first.appointment_id, null],
  ]);

  // A fourth walk-in joins at the end; checking #1 out takes them off the board.
  const fourth = await walkIn(patients[3]!);
  const fourthSocket = await watch(app, patients[3]!, [`appointment:${fourth.appointment_id}`]);
  expect((await myPosition(patients[3]!, fourth.appointment_id, fourth.position)).queue_index).toBe(
    3,
  );
  const out = await setStatus(first.appointment_id, 'Checked-Out', practice.provider);
  const afterOut = await board(practice.staff, out);
  expect(afterOut.queues[0]!.entries.map((e) => e.appointment_id)).toEqual([
    second.appointment_id,
    third.appointment_id,
    fourth.appointment_id,
  ]);
  expect(afterOut.queues[0]!.patients_in_queue).toBe(3);
  expect(await myPosition(patients[0]!, first.appointment_id, out)).toMatchObject({
    status: 'Checked-Out',
    queue_index: null,
    in_queue: false,
  });

  // Canceling the new #1 renumbers the rest live.
  const canceled = await app.api
    .as(patients[1]!)
    .delete(`/api/v1/appointments/${second.appointment_id}`, { reason: 'Had to leave' });
  expect(canceled.status).toBe(200);
  await indexSeen(thirdSocket, third.appointment_id, 1);
  await indexSeen(fourthSocket, fourth.appointment_id, 2);
  await indexSeen(secondSocket, second.appointment_id, null);
  expect(secondSocket.heard('walk-in.queue-index').at(-1)!.status).toBe('Canceled');
  await eventually(
    () =>
      desk
        .heard('walk-in.queue')
        .at(-1)
        ?.entries.map((e) => [e.appointmentId, e.queueIndex]),
    (entries) =>
      JSON.stringify(entries) ===
      JSON.stringify([
        [third.appointment_id, 1],
        [fourth.appointment_id, 2],
      ]),
  );
  // A no-show leaves the queue too.
  const noShow = await setStatus(fourth.appointment_id, 'No-Show', practice.staff);
  expect(await inQueue(practice.staff, practice.provider.userId, noShow)).toBe(1);
  expect(await inQueue(practice.admin, practice.provider.userId, noShow)).toBe(1);
});

it('keeps scheduled (non walk-in) visits out of the queue', async () => {
  const other = await createPractice(app);
  const { calendarId: otherCalendar, position } = await createCalendar(app, other);
  const patient = await createUser(app, 'Patient');
  const slot = await tomorrowsSlot(app, otherCalendar, position);
  const booked = await app.api
    .as(patient)
    .post('/api/v1/appointments', { calendar_id: otherCalendar, start_date: slot.start_date });
  expect(booked.status).toBe(201);
  const result = booked.body.data as BookingResult;
  const listed = await app.api
    .as(other.staff)
    .get(`/api/v1/practices/${other.practiceId}/walk-in-queue?min_position=${result.position}`);
  expect((listed.body.data as PracticeWalkInQueue).queues).toEqual([]);
  const position404 = await app.api
    .as(patient)
    .get(`/api/v1/appointments/${result.appointment_id}/queue-position`);
  expect(position404.status).toBe(404);
  expect(position404.body.message).toBe('This appointment is not a walk-in.');
});

it("refuses another practice's staff and another patient, over HTTP and sockets", async () => {
  const patient = await createUser(app, 'Patient');
  const stranger = await createUser(app, 'Patient');
  const other = await createPractice(app);
  const walked = await walkIn(patient);

  for (const user of [other.staff, other.admin, other.provider]) {
    const listed = await app.api
      .as(user)
      .get(`/api/v1/practices/${practice.practiceId}/walk-in-queue`);
    expect(listed.status).toBe(403);
    const count = await app.api
      .as(user)
      .get(`/api/v1/providers/${practice.provider.userId}/patients-in-queue`);
    expect(count.status).toBe(403);
    const place = await app.api
      .as(user)
      .get(`/api/v1/appointments/${walked.appointment_id}/queue-position`);
    expect(place.status).toBe(403);
  }
  const theirs = await app.api
    .as(stranger)
    .get(`/api/v1/appointments/${walked.appointment_id}/queue-position`);
  expect([403, 404]).toContain(theirs.status);
  for (const path of [
    `/api/v1/practices/${practice.practiceId}/walk-in-queue`,
    `/api/v1/providers/${practice.provider.userId}/patients-in-queue`,
  ]) {
    const refused = await app.api.as(stranger).get(path);
    expect(refused.status).toBe(403);
  }
  // The owner is answered; a patient may not count a provider's queue for the logout dialog.
  expect((await myPosition(patient, walked.appointment_id, walked.position)).in_queue).toBe(true);
  // Another patient cannot join the appointment's room; another practice cannot join this one.
  const strangerSocket = await watch(app, stranger);
  expect((await strangerSocket.join(`appointment:${walked.appointment_id}`)).ok).toBe(false);
  const otherDesk = await watch(app, other.staff);
  expect((await otherDesk.join(`practice:${practice.practiceId}`)).ok).toBe(false);
  // A provider of another practice counting this provider's queue is refused; bad ids are 400.
  const badId = await app.api
    .as(practice.provider)
    .get('/api/v1/providers/not-a-uuid/patients-in-queue');
  expect(badId.status).toBe(400);
  await setStatus(walked.appointment_id, 'Canceled', practice.staff);
});

it('rebuilds the same rows the live projection wrote', async () => {
  const snapshot = async () =>
    app.database.db.selectFrom('rm_walk_in_queue').selectAll().orderBy('appointment_id').execute();
  const seen = await walkIn(await createUser(app, 'Patient'));
  const started = await setStatus(seen.appointment_id, 'In Progress', practice.provider);
  await board(practice.staff, started);
  const live = await snapshot();
  expect(live).toHaveLength(2);
  const rebuilder = new ProjectionRebuilder(app.app.get<EventStore>(EVENT_STORE), app.database.db, {
    now: () => new Date(),
  });
  await rebuilder.rebuild(walkInQueueProjection);
  expect(await snapshot()).toEqual(live);
  expect(live.map((row) => [row.status, row.waiting]).sort()).toEqual([
    ['In Progress', false],
    ['Scheduled', true],
  ]);
});

it('stops counting a walk-in left open 12 hours after its arrival', async () => {
  const other = await createPractice(app);
  const { calendarId: otherCalendar } = await createCalendar(app, other);
  const response = await app.api
    .as(await createUser(app, 'Patient'))
    .post('/api/v1/appointments/walk-in', { calendar_id: otherCalendar });
  expect(response.status).toBe(201);
  const { position } = response.body.data as BookingResult;
  expect(await inQueue(other.provider, other.provider.userId, position)).toBe(1);
  clockAhead = (WALK_IN_QUEUE_HOURS + 1) * 3_600_000;
  try {
    // Tokens from before the jump have expired by the API's clock: sign in again.
    const login = await signIn(app, other.provider.email, other.provider.password);
    const auth = { authorization: `Bearer ${login.access_token}` };
    const count = await app.api.get(
      `/api/v1/providers/${other.provider.userId}/patients-in-queue`,
      auth,
    );
    expect(count.status).toBe(200);
    expect((count.body.data as PatientsInQueueView).patients_in_queue).toBe(0);
    const listed = await app.api.get(`/api/v1/practices/${other.practiceId}/walk-in-queue`, auth);
    expect(listed.status).toBe(200);
    expect((listed.body.data as PracticeWalkInQueue).queues).toEqual([]);
  } finally {
    clockAhead = 0;
  }
});

it("queues walk-ins on a resource calendar in the resource's own line, live, and rebuilds them", async () => {
  const clinic = await createPractice(app);
  const lab = await registerEntry(app, clinic, 'resources', {
    name: 'Blood draw lab',
    kind: 'Lab',
    facility_ids: [],
  });
  const [{ calendarId: labCalendar }, { calendarId: doctorCalendar }] = await Promise.all([
    createCalendar(app, clinic, { name: 'Lab', resource_id: lab.id, visit_type: 'Resource' }),
    createCalendar(app, clinic),
  ]);
  const desk = await watch(app, clinic.staff, [`practice:${clinic.practiceId}`]);
  const [ada, grace, alan] = await Promise.all(
    ['Ada', 'Grace', 'Alan'].map((first) =>
      createUser(app, 'Patient', null, { first, last: 'Lab' }),
    ),
  );
  const walk = async (patient: TestUser, calendar: string) => {
    const response = await app.api
      .as(patient)
      .post('/api/v1/appointments/walk-in', { calendar_id: calendar });
    expect(response.status).toBe(201);
    return response.body.data as BookingResult;
  };
  const first = await walk(ada!, labCalendar);
  const second = await walk(grace!, labCalendar);
  const doctor = await walk(alan!, doctorCalendar);

  // Two lines, each numbered on its own: the provider's first, then the lab's.
  const response = await app.api
    .as(clinic.staff)
    .get(`/api/v1/practices/${clinic.practiceId}/walk-in-queue?min_position=${doctor.position}`);
  expect(response.status).toBe(200);
  const queues = (response.body.data as PracticeWalkInQueue).queues;
  expect(
    queues.map((q) => ({
      provider_id: q.provider_id,
      resource_id: q.resource_id,
      name: q.provider_name,
      line: q.entries.map((e) => [e.patient_name.first_name, e.queue_index]),
    })),
  ).toEqual([
    {
      provider_id: clinic.provider.userId,
      resource_id: null,
      name: 'Test Provider',
      line: [['Alan', 1]],
    },
    {
      provider_id: null,
      resource_id: lab.id,
      name: 'Blood draw lab',
      line: [
        ['Ada', 1],
        ['Grace', 2],
      ],
    },
  ]);
  const onlyLab = await app.api
    .as(clinic.staff)
    .get(`/api/v1/practices/${clinic.practiceId}/walk-in-queue?resource_id=${lab.id}`);
  expect((onlyLab.body.data as PracticeWalkInQueue).queues.map((q) => q.resource_id)).toEqual([
    lab.id,
  ]);

  // The patient's own place, and the desk told live as the lab works its line.
  const graceSocket = await watch(app, grace!, [`appointment:${second.appointment_id}`]);
  expect(await myPosition(grace!, second.appointment_id, second.position)).toMatchObject({
    provider_id: null,
    resource_id: lab.id,
    queue_index: 2,
    patients_in_queue: 2,
    in_queue: true,
  });
  await setStatus(first.appointment_id, 'In Progress', clinic.staff);
  await indexSeen(graceSocket, second.appointment_id, 1);
  const told = await eventually(
    () =>
      desk
        .heard('walk-in.queue')
        .filter((m) => m.resourceId === lab.id)
        .at(-1),
    (message) => message?.patientsInQueue === 1,
  );
  expect(told).toMatchObject({
    practiceId: clinic.practiceId,
    providerId: null,
    resourceId: lab.id,
  });

  // The rebuild gives back the rows the live projection wrote, resource lines included.
  const snapshot = async () =>
    app.database.db
      .selectFrom('rm_walk_in_queue')
      .selectAll()
      .where('practice_id', '=', clinic.practiceId)
      .orderBy('appointment_id')
      .execute();
  const settled = await setStatus(second.appointment_id, 'Checked-In', clinic.staff);
  await myPosition(grace!, second.appointment_id, settled);
  const live = await snapshot();
  expect(live.map((row) => row.resource_id).sort()).toEqual([lab.id, lab.id, null].sort());
  const rebuilder = new ProjectionRebuilder(app.app.get<EventStore>(EVENT_STORE), app.database.db, {
    now: () => new Date(),
  });
  await rebuilder.rebuild(walkInQueueProjection);
  expect(await snapshot()).toEqual(live);
});
