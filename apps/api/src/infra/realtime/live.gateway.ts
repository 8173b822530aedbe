import type { RoomName, SubscribeAck } from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { SOCKET_PATH } from '@medbook/contracts';
import { LIVE_PUBLISHER, type LiveServer, type SocketLivePublisher } from './socket-live-publisher';

const ROOM_PATTERN =
  /^(ops|practice:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

interface RoomRequest {
  room?: unknown;
}

/** Clients join rooms to receive what projections publish after their commits. */
@WebSocketGateway({ path: SOCKET_PATH })
export class LiveGateway implements OnGatewayInit {
  constructor(@Inject(LIVE_PUBLISHER) private readonly publisher: SocketLivePublisher) {}

  afterInit(server: LiveServer): void {
    this.publisher.attach(server);
  }

  @SubscribeMessage('subscribe')
  async subscribe(
    @ConnectedSocket() socket: Socket,
    @MessageBody() request: RoomRequest,
  ): Promise<SubscribeAck> {
    const room = roomOf(request);
    if (!room) return { ok: false, message: 'Unknown room' };
    await socket.join(room);
    return { ok: true };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(
    @ConnectedSocket() socket: Socket,
    @MessageBody() request: RoomRequest,
  ): Promise<SubscribeAck> {
    const room = roomOf(request);
    if (!room) return { ok: false, message: 'Unknown room' };
    await socket.leave(room);
    return { ok: true };
  }
}

function roomOf(request: RoomRequest | undefined): RoomName | null {
  const room = request?.room;
  return typeof room === 'string' && ROOM_PATTERN.test(room) ? (room as RoomName) : null;
}
