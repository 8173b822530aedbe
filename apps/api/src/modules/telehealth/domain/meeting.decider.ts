import {
  MEETING_MESSAGES,
  type MeetingHistoryEntry,
  type MeetingParticipantState,
  type MeetingRole,
  type MeetingStatus,
} from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
} from '../../../domain/domain-error';
import type { MeetingEvent, MeetingParticipantData } from './meeting.events';

export interface MeetingParticipant {
  readonly participant_id: string;
  readonly role: MeetingRole;
  readonly name: string;
  readonly state: MeetingParticipantState;
  readonly waiting_since: string | null;
  /** The sockets of theirs in the call now. */
  readonly connections: readonly string[];
}

export interface MeetingInvitation {
  readonly invitation_id: string;
  readonly kind: 'guest' | 'staff';
  readonly name: string;
  /** Staff: the invited user; guests: null until redeemed. */
  readonly user_id: string | null;
  readonly expires_at: string | null;
  readonly redeemed_by: string | null;
}

export interface MeetingChatLine {
  readonly message_id: string;
  readonly participant_id: string;
  readonly name: string;
  readonly text: string;
  readonly sent_at: string;
}

export interface MeetingState {
  readonly status: MeetingStatus;
  readonly startedBy: string | null;
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  readonly participants: Readonly<Record<string, MeetingParticipant>>;
  readonly invitations: Readonly<Record<string, MeetingInvitation>>;
  readonly chat: readonly MeetingChatLine[];
  readonly notes: string | null;
  readonly history: readonly MeetingHistoryEntry[];
}

export const initialMeetingState = (): MeetingState => ({
  status: 'not_started',
  startedBy: null,
  startedAt: null,
  endedAt: null,
  participants: {},
  invitations: {},
  chat: [],
  notes: null,
  history: [],
});

/** Who acts, as the command handler resolved them from the caller and the appointment. */
export type Actor = MeetingParticipantData;

export type MeetingCommand =
  /** The patient, an invited staff member or a redeemed guest, ready after the device check. */
  | { type: 'EnterWaitingRoom'; who: Actor; now: Date }
  /** The provider opens the visit (once); they are admitted at once. */
  | { type: 'StartMeeting'; host: Actor; now: Date }
  | { type: 'Admit'; participantId: string; host: Actor; now: Date }
  | { type: 'Join'; who: Actor; connectionId: string; now: Date }
  | { type: 'Leave'; participantId: string; connectionId: string; now: Date }
  | { type: 'Remove'; participantId: string; host: Actor; now: Date }
  | {
      type: 'InviteGuest';
      invitationId: string;
      name: string;
      expiresAt: Date;
      host: Actor;
      now: Date;
    }
  | { type: 'InviteStaff'; staff: Actor; host: Actor; now: Date }
  | { type: 'RedeemInvitation'; invitationId: string; participantId: string; now: Date }
  | { type: 'SendChat'; messageId: string; who: Actor; text: string; now: Date }
  | { type: 'SaveNotes'; text: string; by: Actor; now: Date }
  | { type: 'EndMeeting'; host: Actor; now: Date };

/** Admitted and not removed: in the call, or may (re)join it. */
export const isAdmitted = (state: MeetingState, participantId: string): boolean =>
  state.participants[participantId]?.state === 'admitted';

function assertNotEnded(state: MeetingState): void {
  if (state.status === 'ended') throw new ConflictError(MEETING_MESSAGES.ended);
}

function assertNotRemoved(state: MeetingState, participantId: string): void {
  if (state.participants[participantId]?.state === 'removed') {
    throw new ForbiddenError(MEETING_MESSAGES.removed);
  }
}

function assertHost(host: Actor): void {
  if (host.role !== 'Provider') throw new ForbiddenError(MEETING_MESSAGES.hostOnly);
}

/** Starting is part of the first host action (admitting someone starts the visit). */
function startIfNeeded(
  state: MeetingState,
  host: Actor,
  appointmentId: string,
  at: string,
): MeetingEvent[] {
  if (state.status !== 'not_started') return [];
  return [
    {
      type: 'MeetingStarted',
      data: { appointment_id: appointmentId, started_by: host.participant_id, name: host.name, at },
    },
  ];
}

export function decideMeeting(
  appointmentId: string,
  command: MeetingCommand,
  state: MeetingState,
): MeetingEvent[] {
  const at = command.now.toISOString();
  const appointment_id = appointmentId;
  switch (command.type) {
    case 'EnterWaitingRoom': {
      assertNotEnded(state);
      const { who } = command;
      assertNotRemoved(state, who.participant_id);
      const known = state.participants[who.participant_id];
      if (known) return [];
      return [{ type: 'MeetingParticipantWaiting', data: { appointment_id, at, ...who } }];
    }
    case 'StartMeeting': {
      assertHost(command.host);
      assertNotEnded(state);
      return startIfNeeded(state, command.host, appointment_id, at);
    }
    case 'Admit': {
      assertHost(command.host);
      assertNotEnded(state);
      const participant = state.participants[command.participantId];
      if (participant?.state === 'admitted') return [];
      if (participant?.state !== 'waiting') throw new NotFoundError(MEETING_MESSAGES.notWaiting);
      return [
        ...startIfNeeded(state, command.host, appointment_id, at),
        {
          type: 'MeetingParticipantAdmitted',
          data: {
            appointment_id,
            participant_id: command.participantId,
            admitted_by: command.host.participant_id,
            at,
          },
        },
      ];
    }
    case 'Join': {
      assertNotEnded(state);
      const { who } = command;
      assertNotRemoved(state, who.participant_id);
      const events: MeetingEvent[] = [];
      if (who.role === 'Provider') {
        events.push(...startIfNeeded(state, who, appointment_id, at));
      } else if (state.status !== 'started') {
        throw new ConflictError(MEETING_MESSAGES.notStarted);
      } else if (!isAdmitted(state, who.participant_id)) {
        throw new ForbiddenError(MEETING_MESSAGES.notAdmitted);
      }
      if (state.participants[who.participant_id]?.connections.includes(command.connectionId)) {
        return events;
      }
      events.push({
        type: 'MeetingParticipantJoined',
        data: {
          appointment_id,
          participant_id: who.participant_id,
          connection_id: command.connectionId,
          at,
        },
      });
      return events;
    }
    case 'Leave': {
      const participant = state.participants[command.participantId];
      if (!participant?.connections.includes(command.connectionId)) return [];
      return [
        {
          type: 'MeetingParticipantLeft',
          data: {
            appointment_id,
            participant_id: command.participantId,
            connection_id: command.connectionId,
            at,
          },
        },
      ];
    }
    case 'Remove': {
      assertHost(command.host);
      if (command.participantId === command.host.participant_id) {
        throw new ConflictError(MEETING_MESSAGES.cannotRemoveHost);
      }
      const participant = state.participants[command.participantId];
      if (!participant) throw new NotFoundError(MEETING_MESSAGES.notParticipant);
      if (participant.state === 'removed') return [];
      return [
        {
          type: 'MeetingParticipantRemoved',
          data: {
            appointment_id,
            participant_id: command.participantId,
            removed_by: command.host.participant_id,
            at,
          },
        },
      ];
    }
    case 'InviteGuest': {
      assertHost(command.host);
      assertNotEnded(state);
      return [
        {
          type: 'MeetingGuestInvited',
          data: {
            appointment_id,
            invitation_id: command.invitationId,
            name: command.name,
            expires_at: command.expiresAt.toISOString(),
            invited_by: command.host.participant_id,
            at,
          },
        },
      ];
    }
    case 'InviteStaff': {
      assertHost(command.host);
      assertNotEnded(state);
      const { staff } = command;
      if (state.invitations[staff.participant_id]) return [];
      return [
        {
          type: 'MeetingStaffInvited',
          data: {
            appointment_id,
            invitation_id: staff.participant_id,
            user_id: staff.participant_id,
            name: staff.name,
            invited_by: command.host.participant_id,
            at,
          },
        },
      ];
    }
    case 'RedeemInvitation': {
      const invitation = state.invitations[command.invitationId];
      if (!invitation || invitation.kind !== 'guest') {
        throw new NotFoundError(MEETING_MESSAGES.invitationInvalid);
      }
      if (invitation.redeemed_by) throw new ConflictError(MEETING_MESSAGES.invitationUsed);
      if (invitation.expires_at && Date.parse(invitation.expires_at) <= command.now.getTime()) {
        throw new GoneError(MEETING_MESSAGES.invitationExpired);
      }
      assertNotEnded(state);
      return [
        {
          type: 'MeetingInvitationRedeemed',
          data: {
            appointment_id,
            invitation_id: command.invitationId,
            participant_id: command.participantId,
            at,
          },
        },
      ];
    }
    case 'SendChat': {
      assertNotEnded(state);
      const { who } = command;
      assertNotRemoved(state, who.participant_id);
      if (state.status !== 'started') throw new ConflictError(MEETING_MESSAGES.notStarted);
      if (who.role !== 'Provider' && !isAdmitted(state, who.participant_id)) {
        throw new ForbiddenError(MEETING_MESSAGES.notAdmitted);
      }
      return [
        {
          type: 'MeetingChatMessageSent',
          data: {
            appointment_id,
            message_id: command.messageId,
            participant_id: who.participant_id,
            name: who.name,
            text: command.text,
            at,
          },
        },
      ];
    }
    case 'SaveNotes': {
      if (command.by.role !== 'Provider' && command.by.role !== 'Staff') {
        throw new ForbiddenError(MEETING_MESSAGES.hostOnly);
      }
      if (state.notes === command.text) return [];
      return [
        {
          type: 'MeetingSessionNoteSaved',
          data: { appointment_id, text: command.text, saved_by: command.by.participant_id, at },
        },
      ];
    }
    case 'EndMeeting': {
      assertHost(command.host);
      if (state.status === 'ended') return [];
      if (state.status !== 'started') throw new ConflictError(MEETING_MESSAGES.notStarted);
      return [
        {
          type: 'MeetingEnded',
          data: { appointment_id, ended_by: command.host.participant_id, at },
        },
      ];
    }
  }
}

function withParticipant(
  state: MeetingState,
  id: string,
  change: (p: MeetingParticipant) => MeetingParticipant,
): MeetingState {
  const participant = state.participants[id];
  if (!participant) return state;
  return { ...state, participants: { ...state.participants, [id]: change(participant) } };
}

function nameOf(state: MeetingState, id: string): string {
  return state.participants[id]?.name ?? '';
}

function logged(state: MeetingState, entry: MeetingHistoryEntry): MeetingState {
  return { ...state, history: [...state.history, entry] };
}

export function evolveMeeting(state: MeetingState, event: MeetingEvent): MeetingState {
  switch (event.type) {
    case 'MeetingParticipantWaiting': {
      const { participant_id, role, name, at } = event.data;
      return logged(
        {
          ...state,
          participants: {
            ...state.participants,
            [participant_id]: {
              participant_id,
              role,
              name,
              state: 'waiting',
              waiting_since: at,
              connections: [],
            },
          },
        },
        { action: 'waiting', participant_id, name, at },
      );
    }
    case 'MeetingStarted': {
      const { started_by, name, at } = event.data;
      return logged(
        {
          ...state,
          status: 'started',
          startedBy: started_by,
          startedAt: at,
          participants: {
            ...state.participants,
            [started_by]: {
              participant_id: started_by,
              role: 'Provider',
              name,
              state: 'admitted',
              waiting_since: null,
              connections: state.participants[started_by]?.connections ?? [],
            },
          },
        },
        { action: 'started', participant_id: started_by, name, at },
      );
    }
    case 'MeetingParticipantAdmitted': {
      const { participant_id, at } = event.data;
      return logged(
        withParticipant(state, participant_id, (p) => ({ ...p, state: 'admitted' })),
        { action: 'admitted', participant_id, name: nameOf(state, participant_id), at },
      );
    }
    case 'MeetingParticipantJoined': {
      const { participant_id, connection_id, at } = event.data;
      return logged(
        withParticipant(state, participant_id, (p) => ({
          ...p,
          connections: [...p.connections, connection_id],
        })),
        { action: 'joined', participant_id, name: nameOf(state, participant_id), at },
      );
    }
    case 'MeetingParticipantLeft': {
      const { participant_id, connection_id, at } = event.data;
      return logged(
        withParticipant(state, participant_id, (p) => ({
          ...p,
          connections: p.connections.filter((c) => c !== connection_id),
        })),
        { action: 'left', participant_id, name: nameOf(state, participant_id), at },
      );
    }
    case 'MeetingParticipantRemoved': {
      const { participant_id, at } = event.data;
      return logged(
        withParticipant(state, participant_id, (p) => ({
          ...p,
          state: 'removed',
          connections: [],
        })),
        { action: 'removed', participant_id, name: nameOf(state, participant_id), at },
      );
    }
    case 'MeetingGuestInvited': {
      const { invitation_id, name, expires_at, invited_by, at } = event.data;
      return logged(
        {
          ...state,
          invitations: {
            ...state.invitations,
            [invitation_id]: {
              invitation_id,
              kind: 'guest',
              name,
              user_id: null,
              expires_at,
              redeemed_by: null,
            },
          },
        },
        { action: 'invited', participant_id: invited_by, name, at },
      );
    }
    case 'MeetingStaffInvited': {
      const { invitation_id, user_id, name, invited_by, at } = event.data;
      return logged(
        {
          ...state,
          invitations: {
            ...state.invitations,
            [invitation_id]: {
              invitation_id,
              kind: 'staff',
              name,
              user_id,
              expires_at: null,
              redeemed_by: null,
            },
          },
        },
        { action: 'invited', participant_id: invited_by, name, at },
      );
    }
    case 'MeetingInvitationRedeemed': {
      const { invitation_id, participant_id } = event.data;
      const invitation = state.invitations[invitation_id];
      if (!invitation) return state;
      return {
        ...state,
        invitations: {
          ...state.invitations,
          [invitation_id]: { ...invitation, redeemed_by: participant_id, user_id: participant_id },
        },
      };
    }
    case 'MeetingChatMessageSent': {
      const { message_id, participant_id, name, text, at } = event.data;
      return {
        ...state,
        chat: [...state.chat, { message_id, participant_id, name, text, sent_at: at }],
      };
    }
    case 'MeetingSessionNoteSaved':
      return { ...state, notes: event.data.text };
    case 'MeetingEnded': {
      const { ended_by, at } = event.data;
      const participants = Object.fromEntries(
        Object.entries(state.participants).map(([id, p]) => [id, { ...p, connections: [] }]),
      );
      return logged(
        { ...state, status: 'ended', endedAt: at, participants },
        { action: 'ended', participant_id: ended_by, name: nameOf(state, ended_by), at },
      );
    }
  }
}

/** The meeting of one appointment; `decide` needs its id, so commands carry it via a closure. */
export const meetingDecider = (
  appointmentId: string,
): Decider<MeetingCommand, MeetingEvent, MeetingState> => ({
  initialState: initialMeetingState,
  decide: (command, state) => decideMeeting(appointmentId, command, state),
  evolve: evolveMeeting,
});

/** The fold alone (for reads). */
export const meetingFold = { initialState: initialMeetingState, evolve: evolveMeeting };

/** The guest whose invitation this participant redeemed (null for anyone else). */
export function guestInvitationOf(
  state: MeetingState,
  participantId: string,
): MeetingInvitation | null {
  return (
    Object.values(state.invitations).find(
      (invitation) => invitation.kind === 'guest' && invitation.redeemed_by === participantId,
    ) ?? null
  );
}

/** Staff invited by the provider, by user id. */
export const isInvitedStaff = (state: MeetingState, userId: string): boolean =>
  state.invitations[userId]?.kind === 'staff';
