import type {
  ClientToServerEvents,
  ProjectionPositionMessage,
  PracticeChangedMessage,
  ServerToClientEvents,
  SubscribeAck,
} from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';
import { eventIdFor } from '../../../apps/api/src/infra/event-sourcing/event-ids';
import { eventually } from '../../support/events';
import { createUser, type TestUser } from '../../support/accounts';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
let superUser: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  superUser = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  socket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token: superUser.token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
});

afterEach(() => {
  socket.disconnect();
});

const join = (room: string) =>
  new Promise<SubscribeAck>((resolve) =>
    socket.emit('subscribe', { room } as never, (ack: SubscribeAck) => resolve(ack)),
  );

async function register(name: string) {
  const response = await fetch(`${app.url}/api/v1/practices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...superUser.auth },
    body: JSON.stringify({ name, time_zone: 'America/Denver' }),
  });
  return ((await response.json()) as { data: { id: string; position: number } }).data;
}

function next<E extends keyof ServerToClientEvents>(
  event: E,
  accept: (message: Parameters<ServerToClientEvents[E]>[0]) => boolean,
) {
  return new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} message`)), 10_000);
    const listener = (message: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!accept(message)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(message);
    };
    socket.on(event, listener as never);
  });
}

it('pushes projection positions to the ops room after each commit', async () => {
  expect(await join('ops')).toEqual({ ok: true });
  const seen: ProjectionPositionMessage[] = [];
  socket.on('projection.position', (m) => seen.push(m));
  const { position } = await register('Live Clinic');
  // Earlier events (the super user's sign-in) may still be arriving: wait for this one.
  const message = await eventually(
    () => seen.find((m) => m.name === 'practices' && m.position === position),
    (found) => found !== undefined,
  );
  expect(message?.position).toBe(position);
  expect(new Date(message?.at ?? '').getTime()).not.toBeNaN();
});

it('pushes a practice change to its room, with the global position of the event', async () => {
  const commandId = '5b3f0d7e-2f4c-4a8e-9d61-0c1e2a3b4c5d';
  // A practice's id derives from the command id, so its room can be joined before it exists.
  const practiceId = eventIdFor(commandId, -1);
  expect(await join(`practice:${practiceId}`)).toEqual({ ok: true });
  const changed = next(
    'practice.changed',
    (m: PracticeChangedMessage) => m.practice_id === practiceId,
  );
  const response = await fetch(`${app.url}/api/v1/practices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...superUser.auth },
    body: JSON.stringify({
      name: 'Second Clinic',
      time_zone: 'America/Denver',
      command_id: commandId,
    }),
  });
  const { id, position } = ((await response.json()) as { data: { id: string; position: number } })
    .data;
  expect(id).toBe(practiceId);
  expect(await changed).toEqual({
    practice_id: practiceId,
    name: 'Second Clinic',
    time_zone: 'America/Denver',
    position,
  });
});

it('refuses rooms it does not know', async () => {
  expect(await join('practice:not-a-uuid')).toEqual({ ok: false, message: 'Unknown room' });
  expect(await join('admin')).toEqual({ ok: false, message: 'Unknown room' });
});
