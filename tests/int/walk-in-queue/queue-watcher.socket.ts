import type {
  ClientToServerEvents,
  QueueIndexMessage,
  ServerToClientEvents,
  SubscribeAck,
  WalkInQueueMessage,
} from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';
import type { TestApp } from '../../support/test-app';

type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A browser watching the queue: a real socket.io client in the given rooms, keeping what arrives. */
export interface QueueWatcher {
  readonly indexes: QueueIndexMessage[];
  readonly queues: WalkInQueueMessage[];
  readonly socket: LiveClient;
  /** The last queue index pushed for this appointment (undefined before any). */
  lastIndex(appointmentId: string): number | null | undefined;
}

export async function openQueueWatcher(
  app: TestApp,
  token: string,
  rooms: readonly string[],
): Promise<QueueWatcher> {
  const socket: LiveClient = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token },
  });
  const indexes: QueueIndexMessage[] = [];
  const queues: WalkInQueueMessage[] = [];
  socket.on('walk-in.queue-index', (m) => indexes.push(m));
  socket.on('walk-in.queue', (m) => queues.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  for (const room of rooms) {
    const ack = await subscribe(socket, room);
    if (!ack.ok) throw new Error(`subscribe ${room}: ${JSON.stringify(ack)}`);
  }
  return {
    indexes,
    queues,
    socket,
    lastIndex: (appointmentId) => {
      const mine = indexes.filter((m) => m.appointmentId === appointmentId);
      return mine.length === 0 ? undefined : mine[mine.length - 1]!.queueIndex;
    },
  };
}

export function subscribe(socket: LiveClient, room: string): Promise<SubscribeAck> {
  return new Promise<SubscribeAck>((resolve) =>
    socket.emit('subscribe', { room } as never, resolve),
  );
}
