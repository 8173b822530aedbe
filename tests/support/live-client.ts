import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '@medbook/contracts';
import { isDeepStrictEqual } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { type Caller, namedIfSlow, tokenOf } from './api-client';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type LiveEvent = keyof ServerToClientEvents;
export type MessageOf<E extends LiveEvent> = Parameters<ServerToClientEvents[E]>[0];

/** A browser's live connection: a real socket.io client in its rooms, keeping what it hears. */
export interface LiveClient {
  readonly socket: LiveSocket;
  /** Every message of this event heard so far, in arrival order; the same array grows as more arrive. */
  heard<E extends LiveEvent>(event: E): MessageOf<E>[];
  /** Waits until what was heard of this event passes the check; fails after the timeout. */
  eventually<E extends LiveEvent>(
    event: E,
    check: (messages: MessageOf<E>[]) => boolean,
    timeoutMs?: number,
  ): Promise<MessageOf<E>[]>;
  /** Asks to join a room; the server's answer, refusals included. */
  join(room: string): Promise<SubscribeAck>;
  close(): void;
}

const opened = new Set<LiveSocket>();

/** Opens a socket for the caller's access token, as the web app does. */
export function openSocket(url: string, caller: Caller): LiveSocket {
  const socket: LiveSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token: tokenOf(caller) },
  });
  opened.add(socket);
  socket.once('disconnect', () => opened.delete(socket));
  return socket;
}

export const joinRoom = (socket: LiveSocket, room: string): Promise<SubscribeAck> =>
  namedIfSlow(
    `socket subscribe ${room}`,
    () =>
      new Promise<SubscribeAck>((resolve) => socket.emit('subscribe', { room } as never, resolve)),
  );

/**
 * Connects as the caller and joins each room, failing unless every join is accepted. Messages
 * are kept from the handshake on (a `user:<id>` room is joined by the handshake itself); with
 * `keep: false` nothing is kept, for listeners of their own (the benchmark's clock).
 */
export async function watch(
  target: { readonly url: string },
  caller: Caller,
  rooms: readonly string[] = [],
  { keep = true }: { readonly keep?: boolean } = {},
): Promise<LiveClient> {
  const socket = openSocket(target.url, caller);
  const heard = new Map<string, unknown[]>();
  const messagesOf = <E extends LiveEvent>(event: E): MessageOf<E>[] => {
    if (!heard.has(event)) heard.set(event, []);
    return heard.get(event) as MessageOf<E>[];
  };
  if (keep)
    socket.onAny((event: string, message: unknown) =>
      messagesOf(event as LiveEvent).push(message as never),
    );
  await namedIfSlow(
    'socket connect',
    () =>
      new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      }),
  );
  for (const room of rooms) {
    const ack = await joinRoom(socket, room);
    if (!isDeepStrictEqual(ack, { ok: true })) {
      throw new Error(`subscribe ${room}: ${JSON.stringify(ack)}`);
    }
  }
  return {
    socket,
    heard: messagesOf,
    eventually: async (event, check, timeoutMs = 10_000) => {
      const messages = messagesOf(event);
      const deadline = Date.now() + timeoutMs;
      while (!check(messages)) {
        if (Date.now() > deadline) {
          throw new Error(
            `${event}: not heard within ${timeoutMs} ms; heard: ${JSON.stringify(messages)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    join: (room) => joinRoom(socket, room),
    close: () => socket.disconnect(),
  };
}

/** Disconnects every socket this test file opened (call it in afterAll). */
export function closeLiveClients(): void {
  for (const socket of opened) socket.disconnect();
  opened.clear();
}
