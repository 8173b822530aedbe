import type {
  AppointmentStatusMessage,
  BookingResult,
  ClientToServerEvents,
  ServerToClientEvents,
  SlotChangedMessage,
  SubscribeAck,
} from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';
import { call, createUser, post, type TestUser } from '../../support/accounts';
import { eventually } from '../../support/events';
import {
  createCalendar,
  createPractice,
  type TestPractice,
  tomorrowsSlot,
} from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

let app: TestApp;
let practice: TestPractice;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  app = await startTestApp();
  practice = await createPractice(app);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

async function watch(token: string, room: string) {
  const socket: LiveClient = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  const slots: SlotChangedMessage[] = [];
  const statuses: AppointmentStatusMessage[] = [];
  socket.on('slot.changed', (m) => slots.push(m));
  socket.on('appointment.status', (m) => statuses.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await new Promise<SubscribeAck>((resolve) =>
    socket.emit('subscribe', { room } as never, resolve),
  );
  expect(ack).toEqual({ ok: true });
  return { slots, statuses };
}

it('pushes decrement, removed and increment to the calendar room as holds, bookings and cancels commit', async () => {
  const { calendarId, position } = await createCalendar(app, practice, { booking_capacity: 2 });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const guest = (await post(app, '/api/v1/auth/guest', {})).body.data as { access_token: string };
  const visitor = await watch(guest.access_token, `calendar:${calendarId}`);
  const patient: TestUser = await createUser(app, 'Patient');

  const hold = await call(
    app,
    'PUT',
    `/api/v1/calendars/${calendarId}/slots/hold`,
    { start_date: slot.start_date },
    patient.auth,
  );
  const booked = await post(
    app,
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date, patient_id: crypto.randomUUID() },
    practice.staff.auth,
  );
  const { appointment_id } = booked.body.data as BookingResult;
  await call(
    app,
    'DELETE',
    `/api/v1/appointments/${appointment_id}`,
    { reason: 'moved' },
    practice.staff.auth,
  );
  const { hold_id } = hold.body.data as { hold_id: string };
  await call(
    app,
    'DELETE',
    `/api/v1/calendars/${calendarId}/slots/hold/${hold_id}`,
    { start_date: slot.start_date },
    patient.auth,
  );

  const messages = await eventually(
    () => visitor.slots,
    (list) => list.length >= 4,
  );
  expect(messages.map((m) => [m.action, m.booking_capacity])).toEqual([
    ['decrement', 1],
    ['removed', 0],
    ['increment', 1],
    ['increment', 2],
  ]);
  for (const m of messages) {
    expect(m).toEqual(
      expect.objectContaining({ calendar_id: calendarId, slot_id: slot.start_date }),
    );
  }
  const positions = messages.map((m) => m.position);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
});

it("pushes status changes to the appointment's, the patient's and the practice's rooms", async () => {
  const { calendarId, position } = await createCalendar(app, practice, {
    accept_reject_enabled: true,
  });
  const slot = await tomorrowsSlot(app, calendarId, position);
  const patient = await createUser(app, 'Patient');
  const mine = await watch(patient.token, `user:${patient.userId}`);
  const desk = await watch(practice.staff.token, `practice:${practice.practiceId}`);
  const booked = await post(
    app,
    '/api/v1/appointments',
    { calendar_id: calendarId, start_date: slot.start_date },
    patient.auth,
  );
  const { appointment_id } = booked.body.data as BookingResult;
  const room = await watch(patient.token, `appointment:${appointment_id}`);
  await call(
    app,
    'PUT',
    `/api/v1/appointments/${appointment_id}/status`,
    { status: 'Accepted' },
    practice.staff.auth,
  );

  for (const client of [mine, desk]) {
    const statuses = await eventually(
      () => client.statuses,
      (list) => list.length >= 2,
    );
    expect(statuses.map((s) => s.status)).toEqual(['Pending', 'Accepted']);
    expect(statuses[1]).toEqual(
      expect.objectContaining({
        appointmentId: appointment_id,
        patientId: patient.userId,
        providerId: practice.provider.userId,
        resourceId: null,
        externalAppointmentId: null,
      }),
    );
    expect(Date.parse(statuses[1]!.publishDate)).not.toBeNaN();
  }
  // The room may also get the Pending message, when the booking was projected after the join.
  const accepted = await eventually(
    () => room.statuses.find((m) => m.status === 'Accepted'),
    (found) => found !== undefined,
  );
  expect(accepted?.appointmentId).toBe(appointment_id);

  // Someone else's appointment room is refused.
  const other = await createUser(app, 'Patient');
  const socket: LiveClient = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token: other.token },
  });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const ack = await new Promise<SubscribeAck>((resolve) =>
    socket.emit('subscribe', { room: `appointment:${appointment_id}` } as never, resolve),
  );
  expect(ack.ok).toBe(false);
});
