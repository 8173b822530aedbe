import { randomUUID } from 'node:crypto';
import type {
  CalendarChangedMessage,
  ClientToServerEvents,
  ServerToClientEvents,
  SlotChangedMessage,
  SubscribeAck,
} from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';
import { call, createUser, post, type TestUser } from '../../support/accounts';
import { createCalendar, createPractice, type TestPractice } from '../../support/scheduling';
import { startTestApp, type TestApp } from '../../support/test-app';

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The clock is pinned: Friday 2026-03-06, 10:00 in New York (15:00 UTC). */
const now = new Date('2026-03-06T15:00:00Z');
let app: TestApp;
let practice: TestPractice;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  app = await startTestApp({
    clock: { now: () => now },
    config: { holdExpiryIntervalMs: 3_600_000 },
  });
  practice = await createPractice(app);
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

const hourly = { first_hour: 8, last_hour: 12, time_step: 60, date_from: '2026-01-01' };

const put = (calendarId: string, body: unknown, user: TestUser = practice.admin) =>
  call(app, 'PUT', `/api/v1/calendars/${calendarId}`, body, user.auth);

async function settingsOf(calendarId: string, position: number) {
  const response = await call(
    app,
    'GET',
    `/api/v1/calendars/${calendarId}?min_position=${position}`,
  );
  expect(response.status).toBe(200);
  return response.body.data as Record<string, unknown>;
}

/** A guest's socket in the calendar's room, recording what it hears. */
async function watch(calendarId: string) {
  const guest = (await post(app, '/api/v1/auth/guest', {})).body.data as { access_token: string };
  const socket: LiveClient = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token: guest.access_token },
  });
  sockets.push(socket);
  const slots: SlotChangedMessage[] = [];
  const changes: CalendarChangedMessage[] = [];
  socket.on('slot.changed', (m) => slots.push(m));
  socket.on('calendar.changed', (m) => changes.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await new Promise<SubscribeAck>((resolve) =>
    socket.emit('subscribe', { room: `calendar:${calendarId}` } as never, resolve),
  );
  expect(ack).toEqual({ ok: true });
  return { slots, changes };
}

describe('the booking wizard settings', () => {
  it('are returned with their defaults and changed by PUT, each change a new position', async () => {
    const { calendarId, position } = await createCalendar(app, practice, hourly);
    expect(await settingsOf(calendarId, position)).toMatchObject({
      custom_form_ids: [],
      collect_patient_demographics: false,
      enable_insurance: true,
      enable_insurance_eligibility: false,
      accept_reject_enabled: false,
      wait_list_enabled: false,
    });
    const wizard = {
      custom_form_ids: ['intake-2026', 'covid-screening'],
      collect_patient_demographics: true,
      enable_insurance: false,
      enable_insurance_eligibility: true,
      accept_reject_enabled: true,
      wait_list_enabled: true,
    };
    const changed = await put(calendarId, wizard);
    expect(changed.status).toBe(200);
    const { position: after } = changed.body.data as { position: number };
    expect(after).toBeGreaterThan(position);
    expect(await settingsOf(calendarId, after)).toMatchObject(wizard);
    // The same values again record nothing: the answer is where the stream stands.
    const again = await put(calendarId, wizard);
    expect(again.status).toBe(200);
    expect((again.body.data as { position: number }).position).toBe(after);
  });

  it('are set at creation too, and malformed values are refused with 400', async () => {
    const { calendarId, position } = await createCalendar(app, practice, {
      ...hourly,
      custom_form_ids: ['intake'],
      enable_insurance: false,
    });
    expect(await settingsOf(calendarId, position)).toMatchObject({
      custom_form_ids: ['intake'],
      enable_insurance: false,
      collect_patient_demographics: false,
    });
    const bad = await put(calendarId, { enable_insurance: 'yes', custom_form_ids: 'intake' });
    expect(bad.status).toBe(400);
    // The spec's word for a malformed boolean, the field named for a malformed list.
    const { errors } = bad.body.data as { errors: string[] };
    expect(errors).toContain('Invalid');
    expect(errors).toContain('custom_form_ids must be an array');
  });
});

describe('who may change a calendar', () => {
  it("only the practice's admins and super users: staff, providers, patients and other practices get 403", async () => {
    const { calendarId } = await createCalendar(app, practice, hourly);
    const patient = await createUser(app, 'Patient');
    const stranger = await createUser(app, 'PracticeAdmin', randomUUID());
    for (const user of [practice.staff, practice.provider, patient, stranger]) {
      expect((await put(calendarId, { wait_list_enabled: true }, user)).status).toBe(403);
      const block = await call(
        app,
        'POST',
        `/api/v1/calendars/${calendarId}/blocks`,
        { start: '2026-03-09T13:00:00Z', end: '2026-03-09T14:00:00Z' },
        user.auth,
      );
      expect(block.status).toBe(403);
    }
    const superUser = await createUser(app, 'SuperUser');
    expect((await put(calendarId, { wait_list_enabled: true }, superUser)).status).toBe(200);
    expect((await call(app, 'PUT', `/api/v1/calendars/${calendarId}`, {})).status).toBe(401);
  });
});

export { watch };
