import { MEETING_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  NotFoundError,
} from '../../../domain/domain-error';
import { type Actor, meetingDecider } from './meeting.decider';
import type { MeetingEvent } from './meeting.events';

const id = 'appt-1';
const decider = meetingDecider(id);
const given = DeciderSpecification.for(decider);
const now = new Date('2026-11-24T15:00:00Z');
const at = now.toISOString();
const provider: Actor = { participant_id: 'prov', role: 'Provider', name: 'Dr. Vera Lin' };
const patient: Actor = { participant_id: 'pat', role: 'Patient', name: 'Pat Rivera' };

const waiting = (who: Actor): MeetingEvent => ({
  type: 'MeetingParticipantWaiting',
  data: { appointment_id: id, at, ...who },
});
const started: MeetingEvent = {
  type: 'MeetingStarted',
  data: { appointment_id: id, started_by: 'prov', name: 'Dr. Vera Lin', at },
};
const admitted = (participantId: string): MeetingEvent => ({
  type: 'MeetingParticipantAdmitted',
  data: { appointment_id: id, participant_id: participantId, admitted_by: 'prov', at },
});
const ended: MeetingEvent = {
  type: 'MeetingEnded',
  data: { appointment_id: id, ended_by: 'prov', at },
};

describe('the meeting of a video visit', () => {
  it('puts a ready patient in the waiting room once', () => {
    given()
      .when({ type: 'EnterWaitingRoom', who: patient, now })
      .then([waiting(patient)]);
    given([waiting(patient)])
      .when({ type: 'EnterWaitingRoom', who: patient, now })
      .thenNothing();
  });

  it('starts the visit when the provider admits the first patient', () => {
    given([waiting(patient)])
      .when({ type: 'Admit', participantId: 'pat', host: provider, now })
      .then([started, admitted('pat')]);
    given([waiting(patient), started])
      .when({ type: 'Admit', participantId: 'pat', host: provider, now })
      .then([admitted('pat')]);
  });

  it('lets only the provider admit, and only someone who waits', () => {
    given([waiting(patient)])
      .when({ type: 'Admit', participantId: 'pat', host: patient, now })
      .thenThrows(ForbiddenError, MEETING_MESSAGES.hostOnly);
    given([started])
      .when({ type: 'Admit', participantId: 'nobody', host: provider, now })
      .thenThrows(NotFoundError, MEETING_MESSAGES.notWaiting);
  });

  it('keeps the call closed to a patient not yet admitted, and to anyone before the start', () => {
    given([waiting(patient)])
      .when({ type: 'Join', who: patient, connectionId: 's1', now })
      .thenThrows(ConflictError, MEETING_MESSAGES.notStarted);
    given([waiting(patient), started])
      .when({ type: 'Join', who: patient, connectionId: 's1', now })
      .thenThrows(ForbiddenError, MEETING_MESSAGES.notAdmitted);
    given([waiting(patient), started, admitted('pat')])
      .when({ type: 'Join', who: patient, connectionId: 's1', now })
      .then([
        {
          type: 'MeetingParticipantJoined',
          data: { appointment_id: id, participant_id: 'pat', connection_id: 's1', at },
        },
      ]);
  });

  it('counts each browser in the call, and a leave only of one that joined', () => {
    const joined: MeetingEvent = {
      type: 'MeetingParticipantJoined',
      data: { appointment_id: id, participant_id: 'pat', connection_id: 's1', at },
    };
    const history = [waiting(patient), started, admitted('pat'), joined];
    expect(fold(decider, history).participants.pat?.connections).toEqual(['s1']);
    given(history)
      .when({ type: 'Leave', participantId: 'pat', connectionId: 's2', now })
      .thenNothing();
    given(history)
      .when({ type: 'Leave', participantId: 'pat', connectionId: 's1', now })
      .then([
        {
          type: 'MeetingParticipantLeft',
          data: { appointment_id: id, participant_id: 'pat', connection_id: 's1', at },
        },
      ]);
  });

  it('keeps a removed participant out for good', () => {
    const removed: MeetingEvent = {
      type: 'MeetingParticipantRemoved',
      data: { appointment_id: id, participant_id: 'pat', removed_by: 'prov', at },
    };
    const history = [waiting(patient), started, admitted('pat'), removed];
    for (const command of [
      { type: 'EnterWaitingRoom' as const, who: patient, now },
      { type: 'Join' as const, who: patient, connectionId: 's9', now },
      { type: 'SendChat' as const, messageId: 'm', who: patient, text: 'back', now },
    ]) {
      given(history).when(command).thenThrows(ForbiddenError, MEETING_MESSAGES.removed);
    }
    given(history)
      .when({ type: 'Remove', participantId: 'prov', host: provider, now })
      .thenThrows(ConflictError, MEETING_MESSAGES.cannotRemoveHost);
  });

  it('redeems a guest invitation once and not after it expired', () => {
    const invited: MeetingEvent = {
      type: 'MeetingGuestInvited',
      data: {
        appointment_id: id,
        invitation_id: 'inv',
        name: 'Ana Interpreter',
        expires_at: '2026-11-24T16:00:00.000Z',
        invited_by: 'prov',
        at,
      },
    };
    const redeemed: MeetingEvent = {
      type: 'MeetingInvitationRedeemed',
      data: { appointment_id: id, invitation_id: 'inv', participant_id: 'guest', at },
    };
    given([started, invited])
      .when({ type: 'RedeemInvitation', invitationId: 'inv', participantId: 'guest', now })
      .then([redeemed]);
    given([started, invited, redeemed])
      .when({ type: 'RedeemInvitation', invitationId: 'inv', participantId: 'other', now })
      .thenThrows(ConflictError, MEETING_MESSAGES.invitationUsed);
    given([started, invited])
      .when({
        type: 'RedeemInvitation',
        invitationId: 'inv',
        participantId: 'guest',
        now: new Date('2026-11-24T16:00:00Z'),
      })
      .thenThrows(GoneError, MEETING_MESSAGES.invitationExpired);
  });

  it('ends once, only by the provider, and nothing happens in it afterwards', () => {
    given([started]).when({ type: 'EndMeeting', host: patient, now }).thenThrows(ForbiddenError);
    given([started]).when({ type: 'EndMeeting', host: provider, now }).then([ended]);
    given([started, ended]).when({ type: 'EndMeeting', host: provider, now }).thenNothing();
    given([waiting(patient), started, ended])
      .when({ type: 'SendChat', messageId: 'm', who: provider, text: 'hi', now })
      .thenThrows(ConflictError, MEETING_MESSAGES.ended);
    given([])
      .when({ type: 'EndMeeting', host: provider, now })
      .thenThrows(ConflictError, MEETING_MESSAGES.notStarted);
  });

  it('keeps the history the spec calls meeting_history', () => {
    const state = fold(decider, [waiting(patient), started, admitted('pat'), ended]);
    expect(state.history.map((h) => `${h.action}:${h.name}`)).toEqual([
      'waiting:Pat Rivera',
      'started:Dr. Vera Lin',
      'admitted:Pat Rivera',
      'ended:Dr. Vera Lin',
    ]);
  });
});
