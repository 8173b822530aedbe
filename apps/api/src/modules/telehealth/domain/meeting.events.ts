import type { MeetingRole } from '@medbook/contracts';

/** One meeting per video appointment, in a stream of its own (chat does not bloat the visit's). */
export const meetingStreamId = (appointmentId: string): string => `meeting-${appointmentId}`;

export interface MeetingParticipantData {
  readonly participant_id: string;
  readonly role: MeetingRole;
  readonly name: string;
}

export type MeetingEvent =
  | {
      type: 'MeetingParticipantWaiting';
      data: { appointment_id: string; at: string } & MeetingParticipantData;
    }
  | {
      type: 'MeetingStarted';
      data: { appointment_id: string; started_by: string; name: string; at: string };
    }
  | {
      type: 'MeetingParticipantAdmitted';
      data: { appointment_id: string; participant_id: string; admitted_by: string; at: string };
    }
  | {
      type: 'MeetingParticipantJoined';
      data: { appointment_id: string; participant_id: string; connection_id: string; at: string };
    }
  | {
      type: 'MeetingParticipantLeft';
      data: { appointment_id: string; participant_id: string; connection_id: string; at: string };
    }
  | {
      type: 'MeetingParticipantRemoved';
      data: { appointment_id: string; participant_id: string; removed_by: string; at: string };
    }
  | {
      type: 'MeetingGuestInvited';
      data: {
        appointment_id: string;
        invitation_id: string;
        name: string;
        expires_at: string;
        invited_by: string;
        at: string;
      };
    }
  | {
      type: 'MeetingStaffInvited';
      data: {
        appointment_id: string;
        invitation_id: string;
        user_id: string;
        name: string;
        invited_by: string;
        at: string;
      };
    }
  | {
      type: 'MeetingInvitationRedeemed';
      data: { appointment_id: string; invitation_id: string; participant_id: string; at: string };
    }
  | {
      type: 'MeetingChatMessageSent';
      data: {
        appointment_id: string;
        message_id: string;
        participant_id: string;
        name: string;
        text: string;
        at: string;
      };
    }
  | {
      type: 'MeetingSessionNoteSaved';
      data: { appointment_id: string; text: string; saved_by: string; at: string };
    }
  | { type: 'MeetingEnded'; data: { appointment_id: string; ended_by: string; at: string } };

export type MeetingEventType = MeetingEvent['type'];

export const MEETING_EVENT_TYPES: readonly MeetingEventType[] = [
  'MeetingParticipantWaiting',
  'MeetingStarted',
  'MeetingParticipantAdmitted',
  'MeetingParticipantJoined',
  'MeetingParticipantLeft',
  'MeetingParticipantRemoved',
  'MeetingGuestInvited',
  'MeetingStaffInvited',
  'MeetingInvitationRedeemed',
  'MeetingChatMessageSent',
  'MeetingSessionNoteSaved',
  'MeetingEnded',
];
