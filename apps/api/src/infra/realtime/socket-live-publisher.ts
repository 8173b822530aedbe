import type { ClientToServerEvents, RoomName, ServerToClientEvents } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { LiveEventName, LiveMessage, LivePublisher } from '../projections/projection';

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents>;

export const LIVE_PUBLISHER = Symbol('LIVE_PUBLISHER');

/** Delivery is at most once: a client resyncs from the read model after a reconnect or a gap. */
@Injectable()
export class SocketLivePublisher implements LivePublisher {
  private server: LiveServer | null = null;

  attach(server: LiveServer): void {
    this.server = server;
  }

  /** Ends every connection in a room (a user's or a session's) at once. */
  disconnect(room: `user:${string}` | `session:${string}`): void {
    this.server?.in(room).disconnectSockets(true);
  }

  publish<E extends LiveEventName>(room: RoomName, event: E, message: LiveMessage<E>): void {
    const server = this.server;
    if (!server) return;
    (server.to(room).emit as (event: E, message: LiveMessage<E>) => boolean)(event, message);
  }
}
