// The commit-to-socket watchers of `npm run bench:booking`, run as their own process (as real
// browsers are): the API's event loop sends the messages and does not also parse them 1,000 times.
// Connects `sockets` socket.io clients to a calendar's room, reports 'ready', then records when
// each slot.changed message arrived, on the machine's clock shared by both processes
// (performance.timeOrigin + performance.now(), in ms), until told to 'report'.
import { type LiveClient, watch } from '../support/live-client';

export interface WatchRequest {
  readonly url: string;
  readonly token: string;
  readonly calendarId: string;
  readonly sockets: number;
}

export type WatchReport = Record<string, number[]>;

const now = () => performance.timeOrigin + performance.now();

async function watchAll(request: WatchRequest): Promise<LiveClient[]> {
  const received = new Map<string, number[]>();
  const clients = await Promise.all(
    Array.from({ length: request.sockets }, async () => {
      const client = await watch(request, request.token, [`calendar:${request.calendarId}`], {
        keep: false,
      });
      client.socket.on('slot.changed', (m) => {
        const at = now();
        const list = received.get(m.slot_id) ?? [];
        list.push(at);
        received.set(m.slot_id, list);
      });
      return client;
    }),
  );
  process.once('message', () => {
    for (const client of clients) client.close();
    process.send!(Object.fromEntries(received) satisfies WatchReport, () => process.exit(0));
  });
  process.send!('ready');
  return clients;
}

process.once('message', (request: WatchRequest) => {
  void watchAll(request);
});
