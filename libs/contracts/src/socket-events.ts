import type {
  CheckInSummaryChangedMessage,
  ConsentChangedMessage,
  CopayChangedMessage,
  PatientArrivedMessage,
  PatientReadyMessage,
  VendorAppointmentAddedMessage,
} from './digital-check-in';
import type { ProjectionStatus } from './health';
import type {
  AcceptRejectSettingMessage,
  NotificationAddedMessage,
  NotificationCountsMessage,
} from './notifications';
import type { Positioned } from './read-your-writes';
import type { ProviderRatingMessage, SurveyInvitedMessage } from './reviews';
import type {
  AppointmentStatusMessage,
  CalendarChangedMessage,
  SlotChangedMessage,
} from './scheduling/live-messages';
import type {
  MeetingChangedMessage,
  MeetingJoinAck,
  MeetingPeer,
  MeetingSignal,
} from './telehealth';
import type { VaccinationRecordedMessage } from './vaccination';
import type { WaitlistChangedMessage, WaitlistOfferMessage } from './waitlist';
import type { QueueIndexMessage, WalkInQueueMessage } from './walk-in-queue';

/** Rooms a client may join: `ops` for operators' live status, the rest per entity. */
export type RoomName =
  | 'ops'
  | `practice:${string}`
  | `user:${string}`
  | `calendar:${string}`
  | `appointment:${string}`
  | `meeting:${string}`
  | `provider:${string}`;

/** Room names a client may ask to join. */
export const ROOM_PATTERN =
  /^(ops|(practice|user|calendar|appointment|meeting|provider):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

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

/** A projection failed to apply an event (ops room), after each attempt: it is stuck on it. */
export interface ProjectionFailingMessage extends Positioned {
  readonly name: string;
  /** Global position of the event it cannot apply. */
  readonly failing_position: number;
  readonly event_type: string;
  readonly at: string;
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
  'projection.failing': (message: ProjectionFailingMessage) => void;
  'practice.changed': (message: PracticeChangedMessage) => void;
  'slot.changed': (message: SlotChangedMessage) => void;
  'appointment.status': (message: AppointmentStatusMessage) => void;
  'calendar.changed': (message: CalendarChangedMessage) => void;
  'notification.added': (message: NotificationAddedMessage) => void;
  'notification.counts': (message: NotificationCountsMessage) => void;
  'notification.settings': (message: AcceptRejectSettingMessage) => void;
  'waitlist.offer': (message: WaitlistOfferMessage) => void;
  /** A calendar's waiting list or one of its offers changed (practice and patient rooms). */
  'waitlist.changed': (message: WaitlistChangedMessage) => void;
  /** The spec's "queue index": a walk-in patient's place in line. */
  'walk-in.queue-index': (message: QueueIndexMessage) => void;
  /** A provider's walk-in queue and patients_in_queue changed. */
  'walk-in.queue': (message: WalkInQueueMessage) => void;
  /** A meeting's participants, status, chat or notes changed (room `meeting:<id>`). */
  'meeting.changed': (message: MeetingChangedMessage) => void;
  /** Signalling from another socket of the call (only to the socket it names). */
  'meeting.signal': (
    message: MeetingSignal & { readonly from: string; readonly from_participant_id: string },
  ) => void;
  /** A socket joined the call: the ones already in it offer it a connection. */
  'meeting.peer-joined': (message: MeetingPeer) => void;
  'meeting.peer-left': (message: { appointment_id: string; socket_id: string }) => void;
  /** Digital check-in: a consent signed or its signature deleted (appointment and practice rooms). */
  'check-in.consent': (message: ConsentChangedMessage) => void;
  /** Digital check-in: the copay paid (appointment and practice rooms). */
  'check-in.copay': (message: CopayChangedMessage) => void;
  /** Digital check-in: the patient arrived (appointment and practice rooms). */
  'check-in.arrived': (message: PatientArrivedMessage) => void;
  /** Digital check-in: staff marked the patient ready (appointment and practice rooms). */
  'check-in.ready': (message: PatientReadyMessage) => void;
  /** Digital check-in: the vendor has the appointment; its check-in address (appointment room). */
  'check-in.added': (message: VendorAppointmentAddedMessage) => void;
  /** A row of the practice's Check-In Summary changed (practice room). */
  'check-in.summary': (message: CheckInSummaryChangedMessage) => void;
  /** A dose was recorded for the patient or a family member (their `user:<id>` rooms). */
  'vaccination.recorded': (message: VaccinationRecordedMessage) => void;
  /** A provider's rating after a review (public room `provider:<id>`). */
  'provider.rating': (message: ProviderRatingMessage) => void;
  /** A checked-out visit's survey link was sent (the patient's `user:<id>` rooms). */
  'survey.invited': (message: SurveyInvitedMessage) => void;
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
  /** Enter a meeting's call (admitted participants and the provider only). */
  'meeting.join': (
    request: { appointment_id: string },
    ack: (result: MeetingJoinAck) => void,
  ) => void;
  'meeting.leave': (
    request: { appointment_id: string },
    ack: (result: SubscribeAck) => void,
  ) => void;
  /** Relayed to the named socket if both are in the same call. */
  'meeting.signal': (signal: MeetingSignal) => void;
}

export const SOCKET_PATH = '/socket.io';
