import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '@medbook/contracts';
import { SERVICE_UNAVAILABLE_MESSAGE, STATUS_MESSAGES } from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';
import { createUser, signInAsGuest } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';
import { MeetingService } from '../../../apps/api/src/modules/telehealth/meeting.service';

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

let app: TestApp;
const opened: LiveClient[] = [];

beforeAll(async () => {
  app = await startTestApp();
});

afterEach(() => {
  for (const socket of opened.splice(0)) socket.disconnect();
});

afterAll(async () => {
  await app.close();
});

function connect(
  auth: Record<string, unknown> | undefined,
  headers: Record<string, string> = {},
  target: TestApp = app,
) {
  const socket: LiveClient = io(target.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    ...(auth ? { auth } : {}),
    extraHeaders: headers,
  });
  opened.push(socket);
  return socket;
}

/** Resolves 'connected', or the message of the connect_error. */
function outcome(socket: LiveClient): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

const join = (socket: LiveClient, room: unknown) =>
  new Promise<SubscribeAck>((resolve) =>
    socket.emit('subscribe', room as never, (ack: SubscribeAck) => resolve(ack)),
  );

const disconnected = (socket: LiveClient) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

it('refuses a handshake without a token, with a bad one, or with an expired one', async () => {
  expect(await outcome(connect(undefined))).toBe(STATUS_MESSAGES[401]);
  expect(await outcome(connect({ token: 'not.a.token' }))).toBe(STATUS_MESSAGES[401]);
  expect(await outcome(connect({ token: 42 }))).toBe(STATUS_MESSAGES[401]);

  // Token times are whole seconds: a 1-second token issued late in a second is valid for a few
  // milliseconds only, so the token lives 3 s (2 to 3 s in practice) and the test waits past it.
  const shortLived = await startTestApp({ config: { accessTokenTtlSeconds: 3 } });
  try {
    const patient = await createUser(shortLived, 'Patient');
    // Accepted while fresh (and so remembered as verified), refused once it has expired.
    expect(await outcome(connect({ token: patient.token }, {}, shortLived))).toBe('connected');
    await new Promise((resolve) => setTimeout(resolve, 4100));
    const expired = await outcome(connect({ token: patient.token }, {}, shortLived));
    expect(expired).toMatch(/session has ended/);
    const me = await shortLived.api.as(patient).get('/api/v1/users/me');
    expect(me.status).toBe(401);
  } finally {
    await shortLived.close();
  }
});

it('refuses a revoked session at the handshake', async () => {
  const patient = await createUser(app, 'Patient');
  await app.api.as(patient).post('/api/v1/auth/logout');
  expect(await outcome(connect({ token: patient.token }))).toMatch(/session has ended/);
});

it('refuses origins outside the allowlist', async () => {
  const patient = await createUser(app, 'Patient');
  const refused = await outcome(
    connect({ token: patient.token }, { origin: 'https://evil.example' }),
  );
  expect(refused).not.toBe('connected');
  const allowed = await outcome(connect({ token: patient.token }, { origin: app.url }));
  expect(allowed).toBe('connected');
});

it("authorises every room join: a practice's room for its own staff only, a user's for that user", async () => {
  const practiceA = '0a0a0a0a-0000-4000-8000-00000000000a';
  const practiceB = '0b0b0b0b-0000-4000-8000-00000000000b';
  const staff = await createUser(app, 'Staff', practiceA);
  const patient = await createUser(app, 'Patient');
  const superUser = await createUser(app, 'SuperUser');
  const guest = await signInAsGuest(app);

  const staffSocket = connect({ token: staff.token });
  const patientSocket = connect({ token: patient.token });
  const superSocket = connect({ token: superUser.token });
  const guestSocket = connect({ token: guest });
  expect(
    await Promise.all([staffSocket, patientSocket, superSocket, guestSocket].map(outcome)),
  ).toEqual(['connected', 'connected', 'connected', 'connected']);
  const forbidden = { ok: false, message: STATUS_MESSAGES[403] };
  expect(await join(staffSocket, { room: `practice:${practiceA}` })).toEqual({ ok: true });
  expect(await join(staffSocket, { room: `practice:${practiceB}` })).toEqual(forbidden);
  expect(await join(patientSocket, { room: `practice:${practiceA}` })).toEqual(forbidden);
  expect(await join(guestSocket, { room: `practice:${practiceA}` })).toEqual(forbidden);
  expect(await join(superSocket, { room: `practice:${practiceB}` })).toEqual({ ok: true });
  expect(await join(patientSocket, { room: `user:${patient.userId}` })).toEqual({ ok: true });
  expect(await join(patientSocket, { room: `user:${staff.userId}` })).toEqual(forbidden);
  // The ops room carries the service's internals: operators only (issue 15, safe defaults).
  expect(await join(guestSocket, { room: 'ops' })).toEqual(forbidden);
  expect(await join(patientSocket, { room: 'ops' })).toEqual(forbidden);
  expect(await join(staffSocket, { room: 'ops' })).toEqual(forbidden);
  expect(await join(superSocket, { room: 'ops' })).toEqual({ ok: true });
  // Unknown rooms and extra fields are refused like bad input.
  expect(await join(staffSocket, { room: 'practice:not-a-uuid' })).toEqual({
    ok: false,
    message: 'Unknown room',
  });
  expect(await join(staffSocket, { room: 'ops', extra: 1 })).toEqual({
    ok: false,
    message: 'Unknown room',
  });
});

it('answers a join whose rule fails to read (the database away): refused, in words, never left unanswered', async () => {
  const patient = await createUser(app, 'Patient');
  const socket = connect({ token: patient.token });
  expect(await outcome(socket)).toBe('connected');
  const meetings = app.app.get(MeetingService);
  const failing = jest
    .spyOn(meetings, 'mayWatch')
    .mockRejectedValue(new Error('Connection terminated unexpectedly'));
  try {
    const room = 'meeting:0a0a0a0a-0000-4000-8000-00000000000a';
    expect(await join(socket, { room })).toEqual({
      ok: false,
      message: SERVICE_UNAVAILABLE_MESSAGE,
    });
    expect(failing).toHaveBeenCalledTimes(1);
  } finally {
    failing.mockRestore();
  }
  // The socket is still usable: its next join is answered by the rule as usual.
  expect(await join(socket, { room: `user:${patient.userId}` })).toEqual({ ok: true });
});

it("disconnects a user's sockets when the user is disabled, and a session's when it signs out", async () => {
  const superUser = await createUser(app, 'SuperUser');
  const patient = await createUser(app, 'Patient');
  const socket = connect({ token: patient.token });
  expect(await outcome(socket)).toBe('connected');
  const gone = disconnected(socket);
  const response = await app.api
    .as(superUser)
    .put(`/api/v1/users/${patient.userId}/status`, { disabled: true });
  expect(response.status).toBe(200);
  expect(await gone).toBe('io server disconnect');

  const other = await createUser(app, 'Patient');
  const first = connect({ token: other.token });
  expect(await outcome(first)).toBe('connected');
  const ended = disconnected(first);
  await app.api.as(other).post('/api/v1/auth/logout');
  expect(await ended).toBe('io server disconnect');
});

const reauthenticate = (socket: LiveClient, request: unknown) =>
  new Promise<SubscribeAck>((resolve) =>
    socket.emit('authenticate', request as never, (ack: SubscribeAck) => resolve(ack)),
  );

it('takes a refreshed token of the same user on a live socket, and refuses anyone else’s', async () => {
  const user = await createUser(app, 'Patient');
  const other = await createUser(app, 'Patient');
  const socket = connect({ token: user.token });
  expect(await outcome(socket)).toBe('connected');

  const refreshed = await app.api.post('/api/v1/auth/refresh', {
    refresh_token: user.login.refresh_token,
  });
  expect(refreshed.status).toBe(200);
  const fresh = refreshed.body.data as { access_token: string };
  expect(await reauthenticate(socket, { token: fresh.access_token })).toEqual({ ok: true });
  expect(await reauthenticate(socket, { token: other.token })).toEqual({
    ok: false,
    message: STATUS_MESSAGES[403],
  });
  expect(await reauthenticate(socket, { token: 'not.a.token' })).toEqual({
    ok: false,
    message: STATUS_MESSAGES[401],
  });
  expect(await reauthenticate(socket, 'garbage')).toEqual({
    ok: false,
    message: STATUS_MESSAGES[401],
  });
  // Still the user's own socket, in the user's rooms; signing out with the new token ends it.
  expect(await join(socket, { room: `user:${user.userId}` })).toEqual({ ok: true });
  expect(await join(socket, { room: `user:${other.userId}` })).toMatchObject({ ok: false });
  const ended = disconnected(socket);
  const out = await fetch(`${app.url}/api/v1/auth/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fresh.access_token}` },
  });
  expect(out.status).toBe(200);
  expect(await ended).toBe('io server disconnect');
});
