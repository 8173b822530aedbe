import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import type { Positioned } from './read-your-writes';
import { invalid, length, required } from './validation-options';

/**
 * Telehealth visits (issue 17): a meeting per video appointment, in its own stream. The patient
 * (or the family member's guardian) passes the readiness check and waits in the virtual waiting
 * room; the provider starts the visit and admits them; staff the provider invites and guests
 * holding an invitation link join the same way. Media flows browser to browser (WebRTC); the
 * server relays only signalling, to the admitted participants' sockets.
 */
export const MEETING_MESSAGES = {
  /** The spec's deactivation guard text, shown before leaving a meeting in progress. */
  inProgress: 'Meeting is in progress. Page can not be refreshed.',
  notTelehealth: 'This appointment is not a video visit.',
  notStarted: 'Your provider has not started the visit yet.',
  ended: 'This visit has ended.',
  notAdmitted: 'Your provider will let you in.',
  removed: 'You were removed from this visit.',
  notWaiting: 'This person is not in the waiting room.',
  notParticipant: 'This person is not in the visit.',
  hostOnly: 'Only the provider of this visit can do that.',
  cannotRemoveHost: 'The provider cannot be removed from their own visit.',
  invitationInvalid: 'This invitation link is not valid.',
  invitationExpired: 'This invitation link has expired. Please ask your provider for a new one.',
  invitationUsed: 'This invitation link has already been used.',
  notPracticeUser: 'Only a member of this practice can be invited.',
  reviewNotYet: 'A visit can be reviewed once it has taken place.',
  reviewedAlready: 'You have already reviewed this visit.',
  reviewPatientOnly: 'Only the patient can review this visit.',
} as const;

export type MeetingRole = 'Patient' | 'Provider' | 'Staff' | 'Guest';
/** waiting: in the waiting room; admitted: let in by the provider; removed: sent out for good. */
export type MeetingParticipantState = 'waiting' | 'admitted' | 'removed';
/** The spec's tele meeting status: `started` blocks leaving the page. */
export type MeetingStatus = 'not_started' | 'started' | 'ended';

export interface MeetingParticipantView {
  readonly participant_id: string;
  readonly role: MeetingRole;
  readonly name: string;
  readonly state: MeetingParticipantState;
  /** When they entered the waiting room (null for the provider). */
  readonly waiting_since: string | null;
  /** How many of their browsers are in the call now (0: not connected). */
  readonly connections: number;
}

export interface MeetingChatMessageView {
  readonly message_id: string;
  readonly participant_id: string;
  readonly name: string;
  readonly text: string;
  readonly sent_at: string;
}

export interface MeetingInvitationView {
  readonly invitation_id: string;
  readonly kind: 'guest' | 'staff';
  readonly name: string;
  readonly expires_at: string | null;
  readonly redeemed: boolean;
}

/** One line of the spec's `meeting_history`. */
export interface MeetingHistoryEntry {
  readonly action:
    'waiting' | 'started' | 'admitted' | 'joined' | 'left' | 'removed' | 'invited' | 'ended';
  readonly participant_id: string;
  readonly name: string;
  readonly at: string;
}

/** An ICE server as RTCPeerConnection takes it (STUN/TURN from the configuration). */
export interface IceServerConfig {
  readonly urls: string | readonly string[];
  readonly username?: string;
  readonly credential?: string;
}

/** The meeting as one of its participants sees it (GET appointments/{id}/meeting). */
export interface MeetingView extends Positioned {
  readonly appointment_id: string;
  readonly practice_id: string;
  /** The spec's join_meeting_id: the meeting's own id (the appointment's). */
  readonly join_meeting_id: string;
  readonly appointment_status: string;
  readonly start_date: string;
  readonly end_date: string;
  /** The facility's zone, in which the visit's time is told. */
  readonly time_zone: string;
  readonly provider_name: string;
  readonly status: MeetingStatus;
  readonly visit_started_by: string | null;
  readonly visit_start_time: string | null;
  readonly visit_end_time: string | null;
  /** Who is asking: their participant id and role in this meeting. */
  readonly me: {
    readonly participant_id: string;
    readonly role: MeetingRole;
    readonly state: MeetingParticipantState | null;
  };
  readonly participants: readonly MeetingParticipantView[];
  readonly chat_started: boolean;
  readonly chat: readonly MeetingChatMessageView[];
  /** The provider's session notes: only the provider and invited staff see them. */
  readonly session_notes: string | null;
  readonly invitations: readonly MeetingInvitationView[];
  readonly meeting_history: readonly MeetingHistoryEntry[];
  readonly ice_servers: readonly IceServerConfig[];
  /** The patient's review once given (rating 1-5). */
  readonly review: { readonly rating: number; readonly comment: string | null } | null;
}

/** Pushed to `meeting:<appointmentId>` after each meeting event: clients read the view again. */
export interface MeetingChangedMessage extends Positioned {
  readonly appointment_id: string;
  readonly kind: string;
  /** For `removed`: who was removed, so their browser leaves at once. */
  readonly participant_id: string | null;
}

export class MeetingChatDto {
  @IsString(invalid)
  @Length(1, 2000, length)
  text!: string;
}

/** The spec's "PUT visit notes body {value}". */
export class VisitNotesDto {
  @IsString(invalid)
  @MaxLength(20000, length)
  value!: string;
}

export class MeetingInvitationDto {
  @IsIn(['guest', 'staff'], invalid)
  kind!: 'guest' | 'staff';

  /** A guest's name as the provider types it (an interpreter, a family member). */
  @IsOptional()
  @IsString(invalid)
  @Length(2, 80, length)
  name?: string;

  /** A staff member of the practice. */
  @IsOptional()
  @IsUUID('all', invalid)
  user_id?: string;
}

export interface MeetingInvitationResult {
  readonly invitation_id: string;
  /** For a guest: the single-use link to send them (`/validate?token=...`). */
  readonly invitation_url: string | null;
  readonly token: string | null;
  readonly expires_at: string | null;
  readonly position: number;
}

export class RedeemInvitationDto {
  @IsString(required)
  @Length(10, 2000, invalid)
  token!: string;
}

export interface RedeemedInvitation {
  readonly access_token: string;
  readonly expires_in: number;
  readonly appointment_id: string;
  readonly participant_id: string;
  readonly name: string;
}

export class VisitReviewDto {
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(5, invalid)
  rating!: number;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(2000, length)
  comment?: string;
}

/** Signalling between two sockets of one meeting (never stored): SDP and ICE candidates. */
export interface MeetingSignal {
  readonly appointment_id: string;
  /** The socket it is for; the server adds `from`. */
  readonly to: string;
  readonly description?: { readonly type: string; readonly sdp?: string };
  readonly candidate?: Record<string, unknown> | null;
}

export interface MeetingPeer {
  readonly appointment_id: string;
  readonly socket_id: string;
  readonly participant_id: string;
  readonly name: string;
  readonly role: MeetingRole;
}

export interface MeetingJoinAck {
  readonly ok: boolean;
  readonly message?: string;
  /** This socket's id and the peers already in the call (the newcomer offers to each). */
  readonly socket_id?: string;
  readonly peers?: readonly MeetingPeer[];
}
