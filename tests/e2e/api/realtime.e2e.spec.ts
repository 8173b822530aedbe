import type { PracticeChangedMessage } from '@medbook/contracts';
import { eventIdFor } from '../../../apps/api/src/infra/event-sourcing/event-ids';
import { eventually } from '../../support/events';
import { createUser, type TestUser } from '../../support/accounts';
import { type LiveClient, watch } from '../../support/live-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let live: LiveClient;
let superUser: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  superUser = await createUser(app, 'SuperUser');
});

afterAll(async () => {
  await app.close();
});

beforeEach(async () => {
  live = await watch(app, superUser);
});

afterEach(() => {
  live.close();
});

const join = (room: string) => live.join(room);

async function register(name: string, commandId?: string) {
  const response = await app.api
    .as(superUser)
    .post<{ id: string; position: number }>('/api/v1/practices', {
      name,
      time_zone: 'America/Denver',
      ...(commandId ? { command_id: commandId } : {}),
    });
  return response.body.data;
}

it('pushes projection positions to the ops room after each commit', async () => {
  expect(await join('ops')).toEqual({ ok: true });
  const seen = live.heard('projection.position');
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
  const ours = (m: PracticeChangedMessage) => m.practice_id === practiceId;
  const { id, position } = await register('Second Clinic', commandId);
  expect(id).toBe(practiceId);
  const changed = await live.eventually('practice.changed', (heard) => heard.some(ours));
  expect(changed.find(ours)).toEqual({
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
