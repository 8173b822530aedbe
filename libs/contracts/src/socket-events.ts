import type { ProjectionStatus } from './health';
import type {
  AcceptRejectSettingMessage,
  NotificationAddedMessage,
  NotificationCountsMessage,
} from './notifications';
import type { Positioned } from './read-your-writes';
import type {
  AppointmentStatusMessage,
  CalendarChangedMessage,
  SlotChangedMessage,
} from './scheduling/live-messages';
import type { WaitlistOfferMessage } from './waitlist';
import type { QueueIndexMessage, WalkInQueueMessage } from './walk-in-queue';

/** Rooms a client may join: `ops` for operators' live status, the rest per entity. */
export type RoomName =
  'ops' | `practice:${string}` | `user:${string}` | `calendar:${string}` | `appointment:${string}`;

/** Room names a client may ask to join. */
export const ROOM_PATTERN =
  /^(ops|(practice|user|calendar|appointment):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export interface ProjectionPositionMessage extends Positioned {
  readonly name: string;
  readonly at: string;
}

/** An operator parked an event for a projection (ops room): its runner retries at once. */
export interface ProjectionParkedMessage extends Positioned {
  readonly name: string;
  /** Global position of the parked event. */
  readonly parked_position: number;
}

export interface PracticeChangedMessage extends Positioned {
  readonly practice_id: string;
  readonly name: string;
  readonly time_zone: string;
}

/** The typed map of every server-to-client event; the server can only send these. */
export interface ServerToClientEvents {
  'projection.position': (message: ProjectionPositionMessage) => void;
  'projection.status': (message: ProjectionStatus & Positioned) => void;
  'projection.parked': (message: ProjectionParkedMessage) => void;
  'practice.changed': (message: PracticeChangedMessage) => void;
  'slot.changed': (message: SlotChangedMessage) => void;
  'appointment.status': (message: AppointmentStatusMessage) => void;
  'calendar.changed': (message: CalendarChangedMessage) => void;
  'notification.added': (message: NotificationAddedMessage) => void;
  'notification.counts': (message: NotificationCountsMessage) => void;
  'notification.settings': (message: AcceptRejectSettingMessage) => void;
  'waitlist.offer': (message: WaitlistOfferMessage) => void;
  /** The spec's "queue index": a walk-in patient's place in line. */
  'walk-in.queue-index': (message: QueueIndexMessage) => void;
  /** A provider's walk-in queue and patients_in_queue changed. */
  'walk-in.queue': (message: WalkInQueueMessage) => void;
}

export interface SubscribeAck {
  readonly ok: boolean;
  readonly message?: string;
}

/** The socket handshake carries the access token: `io(url, { auth: { token } })`. */
export interface SocketAuth {
  readonly token: string;
}

export interface ClientToServerEvents {
  subscribe: (request: { room: RoomName }, ack: (result: SubscribeAck) => void) => void;
  unsubscribe: (request: { room: RoomName }, ack: (result: SubscribeAck) => void) => void;
  /**
   * A refreshed access token of the same user: the socket goes on under it (its rooms stay).
   * Another user's token is refused; sign-in as someone else reconnects instead.
   */
  authenticate: (request: { token: string }, ack: (result: SubscribeAck) => void) => void;
}

export const SOCKET_PATH = '/socket.io';
