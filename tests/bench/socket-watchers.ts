// The commit-to-socket watchers of `npm run bench:booking`, run as their own process (as real
// browsers are): the API's event loop sends the messages and does not also parse them 1,000 times.
// Connects `sockets` socket.io clients to a calendar's room, reports 'ready', then records when
// each slot.changed message arrived, on the machine's clock shared by both processes
// (performance.timeOrigin + performance.now(), in ms), until told to 'report'.
import type { SlotChangedMessage } from '@medbook/contracts';
import { io, type Socket } from 'socket.io-client';

export interface WatchRequest {
  readonly url: string;
  readonly token: string;
  readonly calendarId: string;
  readonly sockets: number;
}

export type WatchReport = Record<string, number[]>;

const now = () => performance.timeOrigin + performance.now();

async function watch(request: WatchRequest): Promise<Socket[]> {
  const received = new Map<string, number[]>();
  const sockets = await Promise.all(
    Array.from({ length: request.sockets }, async () => {
      const socket = io(request.url, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        auth: { token: request.token },
      });
      socket.on('slot.changed', (m: SlotChangedMessage) => {
        const at = now();
        const list = received.get(m.slot_id) ?? [];
        list.push(at);
        received.set(m.slot_id, list);
      });
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      await new Promise((resolve) =>
        socket.emit('subscribe', { room: `calendar:${request.calendarId}` }, resolve),
      );
      return socket;
    }),
  );
  process.once('message', () => {
    for (const socket of sockets) socket.disconnect();
    process.send!(Object.fromEntries(received) satisfies WatchReport, () => process.exit(0));
  });
  process.send!('ready');
  return sockets;
}

process.once('message', (request: WatchRequest) => {
  void watch(request);
});
