import type {
  AcceptRejectSettingMessage,
  ClientToServerEvents,
  NotificationAddedMessage,
  NotificationCountsMessage,
  ServerToClientEvents,
  SubscribeAck,
} from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from '../../support/test-app';

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A staff member's browser: a real socket.io client in `practice:<id>`, keeping what arrives. */
export interface PracticeBell {
  readonly added: NotificationAddedMessage[];
  readonly counts: NotificationCountsMessage[];
  readonly settings: AcceptRejectSettingMessage[];
  readonly socket: LiveClient;
}

export async function openBell(
  app: TestApp,
  token: string,
  practiceId: string,
): Promise<PracticeBell> {
  const socket: LiveClient = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token },
  });
  const bell: PracticeBell = { added: [], counts: [], settings: [], socket };
  socket.on('notification.added', (m) => bell.added.push(m));
  socket.on('notification.counts', (m) => bell.counts.push(m));
  socket.on('notification.settings', (m) => bell.settings.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const ack = await new Promise<SubscribeAck>((resolve) =>
    socket.emit('subscribe', { room: `practice:${practiceId}` } as never, resolve),
  );
  if (!ack.ok) throw new Error(`subscribe: ${JSON.stringify(ack)}`);
  return bell;
}
