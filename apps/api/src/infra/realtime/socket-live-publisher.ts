import type { ClientToServerEvents, RoomName, ServerToClientEvents } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import type { LiveEventName, LiveMessage, LivePublisher } from '../projections/projection';

/** A live message on its way to a room's sockets, in whichever process they are connected. */
export interface RoomMessage {
  readonly room: RoomName;
  readonly event: LiveEventName;
  readonly message: LiveMessage<LiveEventName>;
}

/** Between API processes, through the socket.io adapter. */
export interface InterServerEvents {
  /** Live messages for the receiving process's own sockets, in the order they were published. */
  live: (messages: readonly RoomMessage[]) => void;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
export type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;

export const LIVE_PUBLISHER = Symbol('LIVE_PUBLISHER');

/**
 * PostgreSQL's NOTIFY carries at most 8000 bytes; the adapter stores a larger message in a table
 * and the receiver reads it back before delivering it, so it could overtake a smaller one.
 * Batches are cut below that size.
 */
const BATCH_BYTES = 6000;

/**
 * Sends live messages to the sockets of every API process. What is published in one turn of
 * the event loop (a projection batch's messages, all projections together) goes to the other
 * processes as a few server-side messages through the socket.io adapter, each process then
 * emitting to its own sockets in order: one NOTIFY (or Redis PUBLISH) per batch rather than one
 * per message. Delivery is at most once: a client resyncs from the read model after a reconnect
 * or a gap in positions.
 */
@Injectable()
export class SocketLivePublisher implements LivePublisher {
  private server: LiveServer | null = null;
  private pending: RoomMessage[] = [];
  private readonly heard = new Set<(message: RoomMessage) => void>();
  private readonly connected = new Set<(socket: LiveSocket, server: LiveServer) => void>();

  attach(server: LiveServer): void {
    this.server = server;
    server.on('live', (messages) => {
      if (!Array.isArray(messages)) return;
      this.deliver(messages);
    });
  }

  /** Called with every live message this process delivers, its own and other processes'. */
  onDelivered(listener: (message: RoomMessage) => void): void {
    this.heard.add(listener);
  }

  /**
   * Modules that handle messages of their own on each socket (a meeting's signalling) register
   * here; the gateway calls them for every socket that connects to this process.
   */
  onConnection(listener: (socket: LiveSocket, server: LiveServer) => void): void {
    this.connected.add(listener);
  }

  /** Called by the gateway for each socket that passed the handshake. */
  socketConnected(socket: LiveSocket): void {
    const server = this.server;
    if (!server) return;
    for (const listener of this.connected) listener(socket, server);
  }

  /**
   * The ids of the sockets in a room on every API process (through the adapter); null when
   * this process has no server yet, or a process did not answer in time.
   */
  async socketIdsIn(room: string): Promise<Set<string> | null> {
    if (!this.server) return null;
    try {
      const sockets = await this.server.in(room).fetchSockets();
      return new Set(sockets.map((socket) => socket.id));
    } catch {
      return null;
    }
  }

  /** The server, for modules that speak on rooms of their own (a meeting's call). */
  get liveServer(): LiveServer | null {
    return this.server;
  }

  /** Ends every connection in a room (a user's, a session's, a meeting participant's), at once. */
  disconnect(room: `user:${string}` | `session:${string}` | `meeting-user:${string}`): void {
    this.server?.in(room).disconnectSockets(true);
  }

  publish<E extends LiveEventName>(room: RoomName, event: E, message: LiveMessage<E>): void {
    if (!this.server) return;
    this.pending.push({ room, event, message });
    if (this.pending.length === 1) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const messages = this.pending;
    this.pending = [];
    const server = this.server;
    if (!server || messages.length === 0) return;
    for (const batch of batches(messages)) server.serverSideEmit('live', batch);
    this.deliver(messages);
  }

  /** To this process's own sockets only (the adapter's local flag). */
  private deliver(messages: readonly RoomMessage[]): void {
    const server = this.server;
    if (!server) return;
    for (const delivered of messages) {
      const { room, event, message } = delivered;
      (server.local.to(room).emit as (event: LiveEventName, message: unknown) => boolean)(
        event,
        message,
      );
      for (const listener of this.heard) listener(delivered);
    }
  }
}

function batches(messages: readonly RoomMessage[]): RoomMessage[][] {
  const result: RoomMessage[][] = [];
  let current: RoomMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = Buffer.byteLength(JSON.stringify(message));
    if (current.length > 0 && bytes + size > BATCH_BYTES) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(message);
    bytes += size;
  }
  if (current.length > 0) result.push(current);
  return result;
}
