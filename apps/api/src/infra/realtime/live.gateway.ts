import {
  ROOM_PATTERN,
  type RoomName,
  SERVICE_UNAVAILABLE_MESSAGE,
  SOCKET_PATH,
  STATUS_MESSAGES,
  type SubscribeAck,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { LiveAccess, type SocketIdentity } from './live-access';
import { LIVE_PUBLISHER, type LiveServer, type SocketLivePublisher } from './socket-live-publisher';

interface RoomRequest {
  room?: unknown;
}

const UNKNOWN_ROOM = 'Unknown room';

/**
 * Clients join rooms to receive what projections publish after their commits. The handshake
 * needs a valid access token; each socket is put in its user's and its session's rooms so that
 * signing out or disabling the user ends it; every join is authorised.
 */
@WebSocketGateway({ path: SOCKET_PATH })
export class LiveGateway implements OnGatewayInit, OnGatewayConnection {
  constructor(
    @Inject(LIVE_PUBLISHER) private readonly publisher: SocketLivePublisher,
    private readonly access: LiveAccess,
  ) {}

  afterInit(server: LiveServer): void {
    this.publisher.attach(server);
    server.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      this.access.authenticate(auth?.token).then(
        async (identity) => {
          (socket.data as { identity?: SocketIdentity }).identity = identity;
          await socket.join(`user:${identity.userId}`);
          if (identity.sessionId) await socket.join(`session:${identity.sessionId}`);
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(STATUS_MESSAGES[401])),
      );
    });
  }

  handleConnection(socket: Socket): void {
    this.publisher.socketConnected(socket);
  }

  @SubscribeMessage('subscribe')
  async subscribe(
    @ConnectedSocket() socket: Socket,
    @MessageBody() request: RoomRequest,
  ): Promise<SubscribeAck> {
    const room = roomOf(request);
    if (!room) return { ok: false, message: UNKNOWN_ROOM };
    const identity = (socket.data as { identity?: SocketIdentity }).identity;
    if (!identity) return { ok: false, message: STATUS_MESSAGES[403] };
    let allowed: boolean;
    try {
      allowed = await this.access.mayJoin(identity, room);
    } catch {
      // A rule that reads (a meeting's participants) and fails: the client is answered all the same.
      // Thrown, the error would reach it only as an 'exception' event, its join never answered.
      return { ok: false, message: SERVICE_UNAVAILABLE_MESSAGE };
    }
    if (!allowed) return { ok: false, message: STATUS_MESSAGES[403] };
    await socket.join(room);
    return { ok: true };
  }

  /**
   * A refreshed token for the same user (the web sends one after each refresh): the socket's
   * identity and session room follow it, so a socket outlives its first token only while its
   * session does. Another user's token is refused; the socket keeps its old identity.
   */
  @SubscribeMessage('authenticate')
  async reauthenticate(
    @ConnectedSocket() socket: Socket,
    @MessageBody() request: { token?: unknown } | undefined,
  ): Promise<SubscribeAck> {
    const data = socket.data as { identity?: SocketIdentity };
    let identity: SocketIdentity;
    try {
      identity = await this.access.authenticate(
        typeof request === 'object' && request !== null ? request.token : undefined,
      );
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : STATUS_MESSAGES[401] };
    }
    const before = data.identity;
    if (!before || before.userId !== identity.userId || before.type !== identity.type) {
      return { ok: false, message: STATUS_MESSAGES[403] };
    }
    data.identity = identity;
    if (before.sessionId !== identity.sessionId) {
      if (before.sessionId) await socket.leave(`session:${before.sessionId}`);
      if (identity.sessionId) await socket.join(`session:${identity.sessionId}`);
    }
    return { ok: true };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(
    @ConnectedSocket() socket: Socket,
    @MessageBody() request: RoomRequest,
  ): Promise<SubscribeAck> {
    const room = roomOf(request);
    if (!room) return { ok: false, message: UNKNOWN_ROOM };
    await socket.leave(room);
    return { ok: true };
  }
}

/** Only `{ room }` with a known room name is accepted: extra fields are refused like bad rooms. */
function roomOf(request: RoomRequest | undefined): RoomName | null {
  if (typeof request !== 'object' || request === null) return null;
  if (Object.keys(request).some((key) => key !== 'room')) return null;
  const room = request.room;
  return typeof room === 'string' && ROOM_PATTERN.test(room) ? (room as RoomName) : null;
}
