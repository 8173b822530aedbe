import {
  AUTH_MESSAGES,
  type ClientToServerEvents,
  type RoomName,
  type ServerToClientEvents,
  STATUS_MESSAGES,
  type SubscribeAck,
} from '@medbook/contracts';
import { BehaviorSubject, defer, Observable } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { accessToken, accessToken$, currentAccessToken, refreshSession } from '../shared/session';
import { joinRoom } from './join-room';
import { reconnector } from './reconnect-schedule';

/** What the handshake answers for a token it will not take. */
const REFUSED: ReadonlySet<string> = new Set([AUTH_MESSAGES.sessionEnded, STATUS_MESSAGES[401]]);

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** `paused`: the reconnect schedule ran out; `reconnectLive` starts it over. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'paused';
export type LiveMessage<E extends keyof ServerToClientEvents> = Parameters<
  ServerToClientEvents[E]
>[0];

let socket: LiveSocket | null = null;
/** When a refused handshake last led to a refresh: at most one every 5 s. */
let lastRefusal = 0;
const state$ = new BehaviorSubject<ConnectionState>('connecting');
const members = new Map<RoomName, number>();
/** Spec: reconnects after 0, 2, 10 and 30 s, then stop (socket.io's own retries are off). */
const schedule = reconnector({
  connect: () => {
    if (!socket) return;
    if (socket.connected) {
      schedule.connected();
      return;
    }
    state$.next('reconnecting');
    socket.connect();
  },
  paused: () => state$.next('paused'),
});

/** The one socket of this page, opened on first use (a video visit signals over it too). */
export function liveSocket(): LiveSocket {
  if (!socket) {
    const opened: LiveSocket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      reconnection: false,
      // Asked again on every (re)connect, so a reconnect carries a fresh token.
      auth: (send) => {
        accessToken().then(
          (token) => send({ token }),
          () => send({}),
        );
      },
    });
    opened.on('connect', () => {
      schedule.connected();
      // Rooms do not survive a reconnect on the server: join them again.
      for (const room of members.keys()) subscribe(opened, room);
      state$.next('live');
    });
    opened.on('disconnect', (reason) => {
      state$.next('reconnecting');
      // This page closed it on purpose (to reconnect as someone else): it opens again itself.
      if (reason === 'io client disconnect') return;
      // Otherwise (the server ended it: sign-out elsewhere, a refused token; or the network):
      // try again on schedule with a fresh token; an ended session comes back as a visitor's.
      schedule.lost();
    });
    opened.on('connect_error', (error) => {
      // The handshake refused the user's token (revoked or expired session): one refresh tells
      // whether the session lives (reconnect with the new token) or ended (the shell sends the
      // user to log in; the socket comes back as a visitor's); then the schedule goes on.
      const token = currentAccessToken();
      if (token && REFUSED.has(error.message) && Date.now() - lastRefusal > 5000) {
        lastRefusal = Date.now();
        state$.next('reconnecting');
        refreshSession(token).then(
          () => schedule.lost(),
          () => schedule.lost(),
        );
        return;
      }
      if (state$.value !== 'paused') state$.next('reconnecting');
      schedule.lost();
    });
    followSession(opened);
    socket = opened;
  }
  return socket;
}

/**
 * After a refresh the socket re-authenticates with the new token for the same user; signing in,
 * out or as someone else reconnects it, so the server sees who is there now.
 */
function followSession(live: LiveSocket): void {
  let userId: string | null | undefined;
  accessToken$.subscribe((current) => {
    const previous = userId;
    userId = current?.userId ?? null;
    if (previous === undefined || !live.connected) return;
    if (!current || previous !== current.userId) {
      live.disconnect().connect();
      return;
    }
    live.emit('authenticate', { token: current.token }, (ack: SubscribeAck) => {
      if (!ack.ok) live.disconnect().connect();
    });
  });
}

/** After the schedule ran out (or at any time): connect now and start the schedule over. */
export function reconnectLive(): void {
  liveSocket();
  schedule.restart();
}

/** The connection's state without opening the socket (a page that shows it needs none). */
export const liveState$: Observable<ConnectionState> = state$.asObservable();

/** Whether live updates flow now. */
export const connection$: Observable<ConnectionState> = defer(() => {
  liveSocket();
  return state$;
});

/** Each (re)connection: delivery is at most once, so a reader resyncs from the API then. */
export const connected$: Observable<void> = new Observable<void>((subscriber) => {
  const live = liveSocket();
  const listener = () => subscriber.next();
  live.on('connect', listener);
  return () => {
    live.off('connect', listener);
  };
});

function join(room: RoomName): void {
  const count = members.get(room) ?? 0;
  members.set(room, count + 1);
  const live = liveSocket();
  if (count === 0 && live.connected) subscribe(live, room);
}

function subscribe(live: LiveSocket, room: RoomName): void {
  joinRoom(
    (answer) => live.emit('subscribe', { room }, answer),
    // Still wanted and still on the same connection (a reconnect joins its rooms itself).
    () => members.has(room) && socket === live && live.connected,
    (message) => console.warn(`Live updates for ${room} refused: ${message}`),
  );
}

function leave(room: RoomName): void {
  const count = (members.get(room) ?? 1) - 1;
  if (count > 0) {
    members.set(room, count);
    return;
  }
  members.delete(room);
  socket?.emit('unsubscribe', { room }, () => undefined);
}

/** One kind of message in one room; the room is joined while anyone listens. */
export function roomEvent$<E extends keyof ServerToClientEvents>(
  room: RoomName,
  event: E,
): Observable<LiveMessage<E>> {
  return new Observable<LiveMessage<E>>((subscriber) => {
    const live = liveSocket();
    const listener = (message: LiveMessage<E>) => subscriber.next(message);
    (live.on as (event: E, listener: (message: LiveMessage<E>) => void) => void)(event, listener);
    join(room);
    return () => {
      (live.off as (event: E, listener: (message: LiveMessage<E>) => void) => void)(
        event,
        listener,
      );
      leave(room);
    };
  });
}
