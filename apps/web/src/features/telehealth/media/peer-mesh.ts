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

/** One connection to another browser in the call, and where its negotiation stands. */
interface Link {
  /** Replaced when the other side's offer wins over ours (see `receive`). */
  pc: RTCPeerConnection;
  /** Of the two ends, the one that yields when both offer at once (see `receive`). */
  readonly polite: boolean;
  /** Between creating our offer and sending it. */
  makingOffer: boolean;
  /** Candidates that arrived before the description they belong to. */
  early: RTCIceCandidateInit[];
  /** The other side's signals, handled one after another in the order they came. */
  queue: Promise<void>;
}

/**
 * The call as a mesh of browser-to-browser connections (a visit has two to four people). The
 * socket carries the signalling: whoever is in the call when someone joins offers them a
 * connection. Two people who join at the same moment may each be told of the other and both
 * offer; the pair then settles as in WebRTC's "perfect negotiation": the end with the greater
 * socket id is polite and takes the other's offer in place of its own, the other ignores the
 * polite one's offer. After a network drop the socket
 * reconnects, joins again, and the others offer afresh.
 */
export class PeerMesh {
  readonly peers$ = new BehaviorSubject<ReadonlyMap<string, RemotePeer>>(new Map());
  readonly state$ = new BehaviorSubject<CallState>({ kind: 'joining' });
  private readonly links = new Map<string, Link>();
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
      for (const id of [...this.links.keys()]) this.drop(id);
    }) as never);
    on('meeting.peer-joined', ((peer: MeetingPeer) => {
      if (peer.appointment_id === this.appointmentId)
        void this.offerTo(peer.socket_id, peer.participant_id);
    }) as never);
    on('meeting.peer-left', ((left: { appointment_id: string; socket_id: string }) => {
      if (left.appointment_id === this.appointmentId) this.drop(left.socket_id);
    }) as never);
    on('meeting.signal', ((signal: Signal) => {
      if (signal.appointment_id !== this.appointmentId || this.closed) return;
      // Only an offer opens a connection: an answer or a candidate from a socket we have none
      // with is late news of one that was dropped (it left), and would leave a peer that never
      // connects. An offer's own candidates always come after it.
      if (!this.links.has(signal.from) && signal.description?.type !== 'offer') return;
      const link = this.link(signal.from, signal.from_participant_id);
      link.queue = link.queue
        .then(() => this.receive(link, signal))
        .catch((error: unknown) => console.warn('call signal not applied', error));
    }) as never);
    if (this.socket.connected) this.join();
  }

  /** Hangs up: leaves the call on the server and closes every connection. */
  leave(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket.emit('meeting.leave', { appointment_id: this.appointmentId }, () => undefined);
    for (const off of this.off.splice(0)) off();
    for (const id of [...this.links.keys()]) this.drop(id);
    this.state$.next({ kind: 'left' });
  }

  /** Each connection's statistics (frames decoded, audio energy...), for diagnostics. */
  async stats(): Promise<RTCStatsReport[]> {
    return Promise.all([...this.links.values()].map((link) => link.pc.getStats()));
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

  private link(socketId: string, participantId: string): Link {
    const known = this.links.get(socketId);
    if (known) return known;
    const link: Link = {
      pc: this.connect(socketId, participantId),
      polite: (this.socket.id ?? '') > socketId,
      makingOffer: false,
      early: [],
      queue: Promise.resolve(),
    };
    this.links.set(socketId, link);
    this.update(socketId, participantId, {});
    return link;
  }

  /** A new connection to that socket, sending our camera and microphone (or asking for theirs). */
  private connect(socketId: string, participantId: string): RTCPeerConnection {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers as RTCIceServer[] });
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
    return pc;
  }

  private async offerTo(socketId: string, participantId: string): Promise<void> {
    const link = this.link(socketId, participantId);
    const { pc } = link;
    if (link.makingOffer || pc.signalingState !== 'stable') return;
    try {
      link.makingOffer = true;
      await pc.setLocalDescription();
      // Unless the other side's offer won meanwhile (see `receive`): then ours is not sent.
      if (link.pc === pc && (pc.signalingState as RTCSignalingState) === 'have-local-offer') {
        this.describe(socketId, pc.localDescription);
      }
    } catch (error) {
      if (link.pc === pc) console.warn('call offer not made', error);
    } finally {
      link.makingOffer = false;
    }
  }

  private async receive(link: Link, signal: Signal): Promise<void> {
    if (link.pc.signalingState === 'closed') return;
    if (signal.description) {
      const description = signal.description as RTCSessionDescriptionInit;
      if (description.type === 'answer') {
        // An answer counts only to our own offer still open; a late or repeated one is dropped.
        if (link.pc.signalingState !== 'have-local-offer') return;
      } else if (link.makingOffer || link.pc.signalingState !== 'stable') {
        // Both offered at once. The impolite end ignores the other's offer and waits for the
        // answer to its own. The polite end gives its own up and takes the other's, on a new
        // connection: rolling back an offer whose candidates are being gathered can leave the
        // connection gathering none for its answer (seen in Chromium), so the pair never meets.
        if (!link.polite) return;
        link.pc.close();
        link.pc = this.connect(signal.from, signal.from_participant_id);
        link.makingOffer = false;
      }
      const { pc } = link;
      await pc.setRemoteDescription(description);
      for (const candidate of link.early.splice(0)) {
        await pc.addIceCandidate(candidate).catch(() => undefined);
      }
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        this.describe(signal.from, pc.localDescription);
      }
    } else if (signal.candidate !== undefined && signal.candidate !== null) {
      const candidate = signal.candidate as RTCIceCandidateInit;
      if (!link.pc.remoteDescription) link.early.push(candidate);
      // A candidate of an offer that was given up may not fit: expected, not a fault.
      else await link.pc.addIceCandidate(candidate).catch(() => undefined);
    }
  }

  private describe(to: string, description: RTCSessionDescription | null): void {
    if (!description) return;
    this.socket.emit('meeting.signal', {
      appointment_id: this.appointmentId,
      to,
      description: { type: description.type, sdp: description.sdp },
    });
  }

  private update(socketId: string, participantId: string, change: Partial<RemotePeer>): void {
    const pc = this.links.get(socketId)?.pc;
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
    this.links.get(socketId)?.pc.close();
    this.links.delete(socketId);
    const peers = new Map(this.peers$.value);
    if (peers.delete(socketId)) this.peers$.next(peers);
  }
}
