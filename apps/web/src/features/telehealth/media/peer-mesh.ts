import type { IceServerConfig, MeetingPeer } from '@medbook/contracts';
import { BehaviorSubject } from 'rxjs';
import type { LiveMessage, LiveSocket } from '../../../live/live-socket';

export interface RemotePeer {
  readonly socketId: string;
  readonly participantId: string;
  readonly stream: MediaStream | null;
  readonly state: RTCPeerConnectionState;
}

/** Where this browser stands in the call. */
export type CallState =
  | { readonly kind: 'joining' }
  | { readonly kind: 'in-call' }
  | { readonly kind: 'reconnecting' }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'left' };

type Signal = LiveMessage<'meeting.signal'>;

/**
 * The call as a mesh of browser-to-browser connections (a visit has two to four people). The
 * socket carries the signalling: whoever is in the call when someone joins offers them a
 * connection, so each pair negotiates once, in one direction. After a network drop the socket
 * reconnects, joins again, and the others offer afresh.
 */
export class PeerMesh {
  readonly peers$ = new BehaviorSubject<ReadonlyMap<string, RemotePeer>>(new Map());
  readonly state$ = new BehaviorSubject<CallState>({ kind: 'joining' });
  private readonly connections = new Map<string, RTCPeerConnection>();
  /** Candidates that arrived before the description they belong to. */
  private readonly early = new Map<string, RTCIceCandidateInit[]>();
  private readonly off: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly socket: LiveSocket,
    private readonly appointmentId: string,
    private readonly local: MediaStream | null,
    private readonly iceServers: readonly IceServerConfig[],
  ) {}

  start(): void {
    this.closed = false;
    const on = <E extends Parameters<LiveSocket['on']>[0]>(event: E, listener: never) => {
      (this.socket.on as (e: string, l: unknown) => void)(event, listener);
      this.off.push(() => (this.socket.off as (e: string, l: unknown) => void)(event, listener));
    };
    on('connect', (() => this.join()) as never);
    on('disconnect', (() => {
      if (this.closed) return;
      this.state$.next({ kind: 'reconnecting' });
      for (const id of [...this.connections.keys()]) this.drop(id);
    }) as never);
    on('meeting.peer-joined', ((peer: MeetingPeer) => {
      if (peer.appointment_id === this.appointmentId)
        void this.offerTo(peer.socket_id, peer.participant_id);
    }) as never);
    on('meeting.peer-left', ((left: { appointment_id: string; socket_id: string }) => {
      if (left.appointment_id === this.appointmentId) this.drop(left.socket_id);
    }) as never);
    on('meeting.signal', ((signal: Signal) => {
      if (signal.appointment_id === this.appointmentId) void this.receive(signal);
    }) as never);
    if (this.socket.connected) this.join();
  }

  /** Hangs up: leaves the call on the server and closes every connection. */
  leave(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.emit('meeting.leave', { appointment_id: this.appointmentId }, () => undefined);
    for (const off of this.off.splice(0)) off();
    for (const id of [...this.connections.keys()]) this.drop(id);
    this.state$.next({ kind: 'left' });
  }

  private join(): void {
    if (this.closed) return;
    this.state$.next({ kind: 'joining' });
    this.socket.emit('meeting.join', { appointment_id: this.appointmentId }, (ack) => {
      if (this.closed) return;
      this.state$.next(
        ack.ok ? { kind: 'in-call' } : { kind: 'refused', message: ack.message ?? '' },
      );
    });
  }

  private connection(socketId: string, participantId: string): RTCPeerConnection {
    const known = this.connections.get(socketId);
    if (known) return known;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers as RTCIceServer[] });
    this.connections.set(socketId, pc);
    if (this.local && this.local.getTracks().length > 0) {
      for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    }
    // Without a camera or microphone, still receive the other side's.
    for (const kind of ['audio', 'video'] as const) {
      if (!this.local?.getTracks().some((t) => t.kind === kind)) {
        pc.addTransceiver(kind, { direction: 'recvonly' });
      }
    }
    pc.onicecandidate = (event) => {
      this.socket.emit('meeting.signal', {
        appointment_id: this.appointmentId,
        to: socketId,
        candidate: event.candidate ? (event.candidate.toJSON() as Record<string, unknown>) : null,
      });
    };
    pc.ontrack = (event) => {
      const stream = event.streams[0] ?? new MediaStream([event.track]);
      this.update(socketId, participantId, { stream });
    };
    pc.onconnectionstatechange = () => this.update(socketId, participantId, {});
    this.update(socketId, participantId, {});
    return pc;
  }

  /** Each connection's statistics (frames decoded, audio energy...), for diagnostics. */
  async stats(): Promise<RTCStatsReport[]> {
    return Promise.all([...this.connections.values()].map((pc) => pc.getStats()));
  }

  private async offerTo(socketId: string, participantId: string): Promise<void> {
    const pc = this.connection(socketId, participantId);
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.socket.emit('meeting.signal', {
      appointment_id: this.appointmentId,
      to: socketId,
      description: { type: offer.type, sdp: offer.sdp },
    });
  }

  private async receive(signal: Signal): Promise<void> {
    const pc = this.connection(signal.from, signal.from_participant_id);
    if (signal.description) {
      await pc.setRemoteDescription(signal.description as RTCSessionDescriptionInit);
      for (const candidate of this.early.get(signal.from) ?? []) {
        await pc.addIceCandidate(candidate).catch(() => undefined);
      }
      this.early.delete(signal.from);
      if (signal.description.type === 'offer') {
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        this.socket.emit('meeting.signal', {
          appointment_id: this.appointmentId,
          to: signal.from,
          description: { type: answer.type, sdp: answer.sdp },
        });
      }
    } else if (signal.candidate !== undefined && signal.candidate !== null) {
      const candidate = signal.candidate as RTCIceCandidateInit;
      if (pc.remoteDescription) await pc.addIceCandidate(candidate).catch(() => undefined);
      else this.early.set(signal.from, [...(this.early.get(signal.from) ?? []), candidate]);
    }
  }

  private update(socketId: string, participantId: string, change: Partial<RemotePeer>): void {
    const pc = this.connections.get(socketId);
    if (!pc) return;
    const peers = new Map(this.peers$.value);
    const before = peers.get(socketId);
    peers.set(socketId, {
      socketId,
      participantId,
      stream: change.stream ?? before?.stream ?? null,
      state: pc.connectionState,
    });
    this.peers$.next(peers);
  }

  private drop(socketId: string): void {
    this.connections.get(socketId)?.close();
    this.connections.delete(socketId);
    this.early.delete(socketId);
    const peers = new Map(this.peers$.value);
    if (peers.delete(socketId)) this.peers$.next(peers);
  }
}
