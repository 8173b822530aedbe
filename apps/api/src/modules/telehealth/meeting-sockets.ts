import { randomUUID } from 'node:crypto';
import type { MeetingJoinAck, MeetingSignal, SubscribeAck } from '@medbook/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../../infra/logging/logger';
import type { RequestContext } from '../../infra/http/request-context';
import type { SocketIdentity } from '../../infra/realtime/live-access';
import {
  LIVE_PUBLISHER,
  type LiveServer,
  type LiveSocket,
  type SocketLivePublisher,
} from '../../infra/realtime/socket-live-publisher';
import { socketCaller } from '../identity/auth/socket-authorizer';
import { callRoom, MeetingConnections } from './meeting-connections';
import { MeetingService } from './meeting.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An SDP with many candidates stays far below this; anything larger is not a description. */
const MAX_SDP = 64 * 1024;
const SIGNAL_TYPES = new Set(['offer', 'answer', 'pranswer', 'rollback']);

/** The rooms of one socket in one call: its call, its own inbox, its participant's. */
const inbox = (id: string, socketId: string) => `meeting-peer:${id}:${socketId}`;
const participantRoom = (id: string, participantId: string) =>
  `meeting-user:${id}:${participantId}`;

/**
 * A meeting's signalling over the live socket. `meeting.join` lets a socket into the call only
 * when the meeting says its user is admitted (or is the provider), and records the join as an
 * event; the sockets already in the call are told, and each offers a connection to the newcomer.
 * `meeting.signal` (SDP, ICE candidates) goes only from a socket in the call to another socket's
 * inbox in the same call: a socket never let in has no inbox there and cannot send. Leaving,
 * hanging up or losing the socket records the leave. Rooms span API processes (the adapter).
 */
@Injectable()
export class MeetingSockets implements OnModuleInit {
  constructor(
    @Inject(LIVE_PUBLISHER) private readonly publisher: SocketLivePublisher,
    private readonly meetings: MeetingService,
    private readonly connections: MeetingConnections,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.publisher.onConnection((socket, server) => this.attach(socket, server));
  }

  private attach(socket: LiveSocket, server: LiveServer): void {
    /** The calls this socket is in: appointment id to participant id. */
    const calls = new Map<string, string>();

    socket.on('meeting.join', (request, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const appointmentId = idOf(request);
      if (!appointmentId) return reply({ ok: false, message: 'Unknown meeting' });
      this.join(socket, appointmentId, calls).then(reply, (error: unknown) =>
        reply({ ok: false, message: error instanceof Error ? error.message : 'Refused' }),
      );
    });

    socket.on('meeting.leave', (request, ack) => {
      const reply: (result: SubscribeAck) => void =
        typeof ack === 'function' ? ack : () => undefined;
      const appointmentId = idOf(request);
      if (!appointmentId || !calls.has(appointmentId)) return reply({ ok: true });
      this.leave(socket, server, appointmentId, calls).then(
        () => reply({ ok: true }),
        () => reply({ ok: true }),
      );
    });

    socket.on('meeting.signal', (signal) => {
      const clean = signalOf(signal);
      if (!clean || !calls.has(clean.appointment_id)) return;
      socket.to(inbox(clean.appointment_id, clean.to)).emit('meeting.signal', {
        ...clean,
        from: socket.id,
        from_participant_id: calls.get(clean.appointment_id)!,
      });
    });

    socket.on('disconnect', () => {
      for (const appointmentId of [...calls.keys()]) {
        this.leave(socket, server, appointmentId, calls).catch((error: unknown) =>
          this.logger.warn({ err: error, appointmentId }, 'meeting leave not recorded'),
        );
      }
    });
  }

  private async join(
    socket: LiveSocket,
    appointmentId: string,
    calls: Map<string, string>,
  ): Promise<MeetingJoinAck> {
    const identity = (socket.data as { identity?: SocketIdentity }).identity;
    if (!identity) return { ok: false, message: 'Not signed in' };
    const { actor } = await this.meetings.join(
      socketCaller(identity),
      appointmentId,
      socket.id,
      contextOf(socket, identity),
    );
    calls.set(appointmentId, actor.participant_id);
    await socket.join([
      callRoom(appointmentId),
      inbox(appointmentId, socket.id),
      participantRoom(appointmentId, actor.participant_id),
      `meeting:${appointmentId}`,
    ]);
    // On record once in its rooms: should this process die, the leader finds it gone (the reaper).
    await this.connections
      .track({
        connection_id: socket.id,
        appointment_id: appointmentId,
        participant_id: actor.participant_id,
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, appointmentId }, 'meeting connection not recorded'),
      );
    socket.to(callRoom(appointmentId)).emit('meeting.peer-joined', {
      appointment_id: appointmentId,
      socket_id: socket.id,
      participant_id: actor.participant_id,
      name: actor.name,
      role: actor.role,
    });
    return { ok: true, socket_id: socket.id };
  }

  private async leave(
    socket: LiveSocket,
    server: LiveServer,
    appointmentId: string,
    calls: Map<string, string>,
  ): Promise<void> {
    const participantId = calls.get(appointmentId);
    calls.delete(appointmentId);
    if (!participantId) return;
    // The socket may be gone already: tell the call through the server, not the socket.
    server.to(callRoom(appointmentId)).except(socket.id).emit('meeting.peer-left', {
      appointment_id: appointmentId,
      socket_id: socket.id,
    });
    if (socket.connected) {
      await Promise.all([
        socket.leave(callRoom(appointmentId)),
        socket.leave(inbox(appointmentId, socket.id)),
        socket.leave(participantRoom(appointmentId, participantId)),
      ]);
    }
    const identity = (socket.data as { identity?: SocketIdentity }).identity;
    await this.meetings.leave(participantId, appointmentId, socket.id, contextOf(socket, identity));
    await this.connections.untrack(socket.id);
  }
}

function idOf(request: unknown): string | null {
  if (typeof request !== 'object' || request === null) return null;
  const id = (request as { appointment_id?: unknown }).appointment_id;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

/** Only the fields signalling needs, each checked; anything else is dropped. */
function signalOf(signal: unknown): MeetingSignal | null {
  if (typeof signal !== 'object' || signal === null) return null;
  const s = signal as Record<string, unknown>;
  const appointmentId = idOf(s);
  if (!appointmentId || typeof s.to !== 'string' || s.to.length > 64) return null;
  const out: {
    appointment_id: string;
    to: string;
    description?: MeetingSignal['description'];
    candidate?: MeetingSignal['candidate'];
  } = {
    appointment_id: appointmentId,
    to: s.to,
  };
  if (s.description !== undefined) {
    const d = s.description as Record<string, unknown> | null;
    if (
      typeof d !== 'object' ||
      d === null ||
      typeof d.type !== 'string' ||
      !SIGNAL_TYPES.has(d.type) ||
      (d.sdp !== undefined && (typeof d.sdp !== 'string' || d.sdp.length > MAX_SDP))
    ) {
      return null;
    }
    out.description = { type: d.type, ...(typeof d.sdp === 'string' ? { sdp: d.sdp } : {}) };
  }
  if (s.candidate !== undefined) {
    const c = s.candidate as Record<string, unknown> | null;
    if (c !== null && (typeof c !== 'object' || JSON.stringify(c).length > 4096)) return null;
    out.candidate = c;
  }
  return out;
}

function contextOf(socket: LiveSocket, identity: SocketIdentity | undefined): RequestContext {
  const agent = socket.handshake.headers['user-agent'];
  return {
    actorId: identity?.userId ?? null,
    actorRole: identity?.type ?? null,
    onBehalfOf: null,
    ip: socket.handshake.address || null,
    userAgent: typeof agent === 'string' ? agent : null,
    correlationId: randomUUID(),
  };
}
