import { randomUUID } from 'node:crypto';
import {
  type AppointmentStatus,
  canMove,
  illegalTransition,
  MEETING_MESSAGES,
  type MeetingInvitationDto,
  type MeetingInvitationResult,
  type MeetingView,
  type RedeemedInvitation,
  type TeleAppointmentView,
  type VisitReviewDto,
  isFinal,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  ForbiddenError,
  GoneError,
  InvalidError,
  NotFoundError,
} from '../../domain/domain-error';
import { CLOCK, type Clock } from '../../infra/clock';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import {
  CommandPipeline,
  type Loaded,
  type StreamEvents,
  stream,
} from '../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../infra/http/request-context';
import {
  LIVE_PUBLISHER,
  type SocketLivePublisher,
} from '../../infra/realtime/socket-live-publisher';
import { AccessPolicy } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import { InvalidTokenError, TokenService } from '../identity/auth/token.service';
import { UserAccounts } from '../identity/user-accounts';
import {
  APPOINTMENT_NOT_FOUND,
  appointmentDecider,
} from '../scheduling/domain/appointment.decider';
import {
  type AppointmentDetails,
  type AppointmentState,
  appointmentStreamId,
} from '../scheduling/domain/appointment.events';
import {
  type Actor,
  guestInvitationOf,
  isInvitedStaff,
  type MeetingCommand,
  type MeetingState,
  meetingDecider,
} from './domain/meeting.decider';
import type { MeetingEvent } from './domain/meeting.events';
import { meetingStreamId } from './domain/meeting.events';
import { visitReviewDecider, visitReviewStreamId } from './domain/visit-review';
import { teleAppointmentView } from './tele-appointment.view';

const INVITATION_PURPOSE = 'meeting-invitation';
/** A guest's access lasts a long visit; it cannot be refreshed (guests have no session). */
const GUEST_TOKEN_TTL_SECONDS = 4 * 60 * 60;

/** What a meeting command decides, given the caller as a participant and the two streams. */
type MeetingDecision = (
  actor: Actor,
  details: AppointmentDetails,
  meeting: MeetingState,
  now: Date,
) => MeetingCommand | null;

/**
 * The video visit (issue 17): who the caller is in the meeting (the appointment's patient or
 * guardian, its provider, staff the provider invited, a guest who redeemed an invitation), the
 * meeting's events and the appointment's status moves that go with them, in one atomic append:
 * waiting moves it to Waiting-Room, the start to In Progress, the end to Checked-Out.
 */
@Injectable()
export class MeetingService {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
    private readonly tokens: TokenService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LIVE_PUBLISHER) private readonly live: SocketLivePublisher,
  ) {}

  private streams(appointmentId: string) {
    return [
      stream(appointmentStreamId(appointmentId), appointmentDecider),
      stream(meetingStreamId(appointmentId), meetingDecider(appointmentId)),
    ] as const;
  }

  /** The meeting as the caller sees it (403 for anyone who is not part of it). */
  async view(caller: Principal, appointmentId: string): Promise<MeetingView> {
    // The review is read in the same round trip as the appointment and its meeting.
    const [appointment, meeting, review] = await this.pipeline.read([
      ...this.streams(appointmentId),
      stream(visitReviewStreamId(appointmentId), visitReviewDecider),
    ]);
    const { details, actor: me } = await this.participant(caller, appointment, meeting.state);
    const state = meeting.state;
    const staffSide = me.role === 'Provider' || me.role === 'Staff';
    const position = Math.max(
      appointment.events.at(-1)?.globalPosition ?? 0,
      meeting.events.at(-1)?.globalPosition ?? 0,
    );
    return {
      appointment_id: appointmentId,
      practice_id: details.practice_id,
      join_meeting_id: appointmentId,
      appointment_status: details.status,
      start_date: details.start_date,
      end_date: details.end_date,
      time_zone: details.time_zone,
      provider_name: details.provider_id ? await this.nameOf(details.provider_id) : '',
      status: state.status,
      visit_started_by: state.startedBy,
      visit_start_time: state.startedAt,
      visit_end_time: state.endedAt,
      me: {
        participant_id: me.participant_id,
        role: me.role,
        state: state.participants[me.participant_id]?.state ?? null,
      },
      participants: Object.values(state.participants).map((p) => ({
        participant_id: p.participant_id,
        role: p.role,
        name: p.name,
        state: p.state,
        waiting_since: p.waiting_since,
        connections: p.connections.length,
      })),
      chat_started: state.chat.length > 0,
      chat:
        me.role === 'Provider' || state.participants[me.participant_id]?.state === 'admitted'
          ? state.chat
          : [],
      session_notes: staffSide ? state.notes : null,
      invitations:
        me.role === 'Provider'
          ? Object.values(state.invitations).map((i) => ({
              invitation_id: i.invitation_id,
              kind: i.kind,
              name: i.name,
              expires_at: i.expires_at,
              redeemed: i.redeemed_by !== null,
            }))
          : [],
      meeting_history: staffSide ? state.history : [],
      ice_servers: this.config.meetingIceServers,
      review: review.state.review
        ? { rating: review.state.review.rating, comment: review.state.review.comment }
        : null,
      position,
    };
  }

  /** The spec's tele appointment (tele/appointments/{id}/get): 404 for other kinds of visit. */
  async teleAppointment(caller: Principal, appointmentId: string): Promise<TeleAppointmentView> {
    const [appointment, meeting] = await this.pipeline.read(this.streams(appointmentId));
    const details = appointment.state.details;
    if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    await this.policy.assertMayReachAppointment(caller, details);
    if (details.visit_type !== 'Telehealth') throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return teleAppointmentView(details, meeting.state, caller.type !== 'Patient');
  }

  /** May this caller watch the meeting's room (anyone in it who was not removed)? */
  async mayWatch(caller: Principal, appointmentId: string): Promise<boolean> {
    try {
      const [appointment, meeting] = await this.pipeline.read(this.streams(appointmentId));
      const { actor } = await this.participant(caller, appointment, meeting.state);
      return meeting.state.participants[actor.participant_id]?.state !== 'removed';
    } catch {
      return false;
    }
  }

  /** Ready after the device check: into the virtual waiting room (the provider starts at once). */
  ready(caller: Principal, appointmentId: string, context: RequestContext) {
    return this.decide(caller, appointmentId, context, (who, _details, _meeting, now) =>
      who.role === 'Provider'
        ? { type: 'StartMeeting', host: who, now }
        : { type: 'EnterWaitingRoom', who, now },
    );
  }

  start(caller: Principal, appointmentId: string, context: RequestContext) {
    return this.decide(caller, appointmentId, context, (host, _d, _m, now) => ({
      type: 'StartMeeting',
      host,
      now,
    }));
  }

  admit(caller: Principal, appointmentId: string, participantId: string, context: RequestContext) {
    return this.decide(caller, appointmentId, context, (host, _d, _m, now) => ({
      type: 'Admit',
      participantId,
      host,
      now,
    }));
  }

  /** Sent out for good: their sockets leave the meeting's rooms at once, in every process. */
  async remove(
    caller: Principal,
    appointmentId: string,
    participantId: string,
    context: RequestContext,
  ) {
    const result = await this.decide(caller, appointmentId, context, (host, _d, _m, now) => ({
      type: 'Remove',
      participantId,
      host,
      now,
    }));
    this.live.disconnect(`meeting-user:${appointmentId}:${participantId}`);
    return result;
  }

  chat(caller: Principal, appointmentId: string, text: string, context: RequestContext) {
    const trimmed = text.trim();
    if (!trimmed) throw new InvalidError('Please type a message.');
    return this.decide(caller, appointmentId, context, (who, _d, _m, now) => ({
      type: 'SendChat',
      messageId: randomUUID(),
      who,
      text: trimmed,
      now,
    }));
  }

  notes(caller: Principal, appointmentId: string, value: string, context: RequestContext) {
    return this.decide(caller, appointmentId, context, (by, _d, _m, now) => ({
      type: 'SaveNotes',
      text: value,
      by,
      now,
    }));
  }

  end(caller: Principal, appointmentId: string, context: RequestContext) {
    return this.decide(caller, appointmentId, context, (host, _d, _m, now) => ({
      type: 'EndMeeting',
      host,
      now,
    }));
  }

  /** A socket of the caller's enters the call (admitted participants and the provider only). */
  join(caller: Principal, appointmentId: string, connectionId: string, context: RequestContext) {
    let actor: Actor | null = null;
    return this.decide(caller, appointmentId, context, (who, _d, _m, now) => {
      actor = who;
      return { type: 'Join', who, connectionId, now };
    }).then((result) => ({ ...result, actor: actor! }));
  }

  /** A socket left the call (hung up, closed or lost): no caller check, it was in. */
  leave(
    participantId: string,
    appointmentId: string,
    connectionId: string,
    context: RequestContext,
  ) {
    return this.pipeline.run({
      commandId: null,
      context,
      read: [stream(meetingStreamId(appointmentId), meetingDecider(appointmentId))],
      decide: ([meeting]) => {
        const events = meetingDecider(appointmentId).decide(
          { type: 'Leave', participantId, connectionId, now: this.clock.now() },
          meeting.state,
        );
        return { append: events.length ? [{ streamId: meeting.streamId, events }] : [] };
      },
      answer: (committed) => ({ position: committed.position }),
    });
  }

  async invite(
    caller: Principal,
    appointmentId: string,
    dto: MeetingInvitationDto,
    context: RequestContext,
  ): Promise<MeetingInvitationResult> {
    const invitationId = dto.kind === 'staff' ? dto.user_id : randomUUID();
    if (dto.kind === 'guest' && !dto.name) throw new InvalidError('Please enter the guest’s name.');
    if (dto.kind === 'staff' && !dto.user_id)
      throw new InvalidError('Please choose a staff member.');
    let expiresAt: Date | null = null;
    let staff: Actor | null = null;
    if (dto.kind === 'staff') {
      const account = await this.accounts.load(dto.user_id!);
      const profile = account.profile;
      const practiceUser =
        profile &&
        ['Staff', 'PracticeAdmin', 'Provider'].includes(profile.type) &&
        profile.practice_id;
      staff =
        profile && practiceUser
          ? {
              participant_id: profile.user_id,
              role: 'Staff',
              name: `${profile.first_name} ${profile.last_name}`,
            }
          : null;
      if (!staff || !profile) throw new InvalidError(MEETING_MESSAGES.notPracticeUser);
      const practiceId = profile.practice_id;
      const { position } = await this.decide(
        caller,
        appointmentId,
        context,
        (host, details, _m, now) => {
          if (details.practice_id !== practiceId)
            throw new InvalidError(MEETING_MESSAGES.notPracticeUser);
          return { type: 'InviteStaff', staff: staff!, host, now };
        },
      );
      return {
        invitation_id: invitationId!,
        invitation_url: null,
        token: null,
        expires_at: null,
        position,
      };
    }
    const { position } = await this.decide(caller, appointmentId, context, (host, _d, _m, now) => {
      expiresAt = new Date(now.getTime() + this.config.meetingInvitationTtlMinutes * 60_000);
      return {
        type: 'InviteGuest',
        invitationId: invitationId!,
        name: dto.name!,
        expiresAt,
        host,
        now,
      };
    });
    const token = await this.tokens.signPurpose(
      INVITATION_PURPOSE,
      invitationId!,
      { aid: appointmentId },
      expiresAt!,
    );
    return {
      invitation_id: invitationId!,
      invitation_url: `${this.config.publicUrl}/validate?token=${encodeURIComponent(token)}`,
      token,
      expires_at: (expiresAt as Date | null)?.toISOString() ?? null,
      position,
    };
  }

  /** The link's token, once: a guest identity for this meeting alone. */
  async redeem(token: string, context: RequestContext): Promise<RedeemedInvitation> {
    let verified: { subject: string; claims: Record<string, unknown> };
    try {
      verified = await this.tokens.verifyPurpose(INVITATION_PURPOSE, token);
    } catch (error) {
      if (error instanceof InvalidTokenError && error.expired) {
        throw new GoneError(MEETING_MESSAGES.invitationExpired);
      }
      throw new NotFoundError(MEETING_MESSAGES.invitationInvalid);
    }
    const appointmentId = verified.claims.aid;
    if (typeof appointmentId !== 'string')
      throw new NotFoundError(MEETING_MESSAGES.invitationInvalid);
    const participantId = randomUUID();
    const decider = meetingDecider(appointmentId);
    let name = '';
    await this.pipeline.run({
      commandId: null,
      context,
      read: [stream(meetingStreamId(appointmentId), decider)],
      decide: ([meeting]) => {
        name = meeting.state.invitations[verified.subject]?.name ?? '';
        const events = decider.decide(
          {
            type: 'RedeemInvitation',
            invitationId: verified.subject,
            participantId,
            now: this.clock.now(),
          },
          meeting.state,
        );
        return { append: [{ streamId: meeting.streamId, events }] };
      },
      answer: (committed) => committed.position,
    });
    const accessToken = await this.tokens.sign(
      { userId: participantId, type: 'Guest', practiceId: null, sessionId: null },
      GUEST_TOKEN_TTL_SECONDS,
    );
    return {
      access_token: accessToken,
      expires_in: GUEST_TOKEN_TTL_SECONDS,
      appointment_id: appointmentId,
      participant_id: participantId,
      name,
    };
  }

  /** The patient's rating of a visit that took place (Checked-Out), once. */
  async review(
    caller: Principal,
    appointmentId: string,
    dto: VisitReviewDto,
    context: RequestContext,
  ) {
    return this.pipeline.run({
      commandId: null,
      context,
      read: [
        stream(appointmentStreamId(appointmentId), appointmentDecider),
        stream(visitReviewStreamId(appointmentId), visitReviewDecider),
      ],
      decide: async ([appointment, review]) => {
        const details = appointment.state.details;
        if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
        if (
          caller.type !== 'Patient' ||
          !(await this.policy.mayReachAppointment(caller, details))
        ) {
          throw new ForbiddenError(MEETING_MESSAGES.reviewPatientOnly);
        }
        if (details.status !== 'Checked-Out')
          throw new ConflictError(MEETING_MESSAGES.reviewNotYet);
        const events = visitReviewDecider.decide(
          {
            type: 'ReviewVisit',
            review: {
              appointment_id: appointmentId,
              provider_id: details.provider_id,
              practice_id: details.practice_id,
              patient_id: details.patient_id,
              reviewed_by: caller.userId,
              rating: dto.rating,
              comment: dto.comment?.trim() || null,
              at: this.clock.now().toISOString(),
            },
          },
          review.state,
        );
        return {
          append: [{ streamId: review.streamId, events }],
          unchanged: [appointment.streamId],
        };
      },
      answer: (committed) => ({ position: committed.position }),
    });
  }

  /**
   * Reads the appointment and its meeting, resolves the caller as a participant, decides, and
   * appends the meeting's events with the appointment's status move in one append.
   */
  private decide(
    caller: Principal,
    appointmentId: string,
    context: RequestContext,
    decision: MeetingDecision,
  ): Promise<{ position: number; status: AppointmentStatus }> {
    let status: AppointmentStatus = 'Scheduled';
    const decider = meetingDecider(appointmentId);
    return this.pipeline.run({
      commandId: null,
      context,
      read: this.streams(appointmentId),
      decide: async ([appointment, meeting]) => {
        const { details, actor } = await this.participant(caller, appointment, meeting.state);
        const now = this.clock.now();
        const command = decision(actor, details, meeting.state, now);
        if (!command) return { append: [] };
        const events = decider.decide(command, meeting.state);
        const target = statusAfter(events, details.status);
        status = target ?? details.status;
        const appends: StreamEvents[] = [];
        if (events.length) appends.push({ streamId: meeting.streamId, events });
        if (target && target !== details.status) {
          appends.push({
            streamId: appointment.streamId,
            events: appointmentDecider.decide(
              { type: 'ChangeAppointmentStatus', status: target, by: caller.userId, now },
              appointment.state,
            ),
          });
        }
        // Decided on the appointment's status: it must not change underneath, written or not.
        const writesAppointment = appends.some((a) => a.streamId === appointment.streamId);
        return {
          append: appends,
          unchanged: appends.length && !writesAppointment ? [appointment.streamId] : [],
        };
      },
      answer: (committed) => ({ position: committed.position, status }),
    });
  }

  /**
   * The appointment (404) and who the caller is in its meeting (403), and only then whether it
   * is a video visit at all (409): an outsider learns nothing about someone else's visit.
   */
  private async participant(
    caller: Principal,
    appointment: Loaded<AppointmentState>,
    meeting: MeetingState,
  ): Promise<{ details: AppointmentDetails; actor: Actor }> {
    const details = appointment.state.details;
    if (!details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    const actor = await this.actorOf(caller, details, meeting);
    if (details.visit_type !== 'Telehealth') {
      throw new ConflictError(MEETING_MESSAGES.notTelehealth);
    }
    return { details, actor };
  }

  /** Who the caller is in this meeting; 403 for anyone else. */
  private async actorOf(
    caller: Principal,
    details: AppointmentDetails,
    meeting: MeetingState,
  ): Promise<Actor> {
    if (caller.type === 'Guest') {
      const invitation = guestInvitationOf(meeting, caller.userId);
      if (!invitation) throw new ForbiddenError(MEETING_MESSAGES.invitationInvalid);
      return { participant_id: caller.userId, role: 'Guest', name: invitation.name };
    }
    if (details.provider_id && caller.userId === details.provider_id) {
      return {
        participant_id: caller.userId,
        role: 'Provider',
        name: await this.nameOf(caller.userId),
      };
    }
    if (caller.type === 'Patient' && (await this.policy.mayReachAppointment(caller, details))) {
      return {
        participant_id: caller.userId,
        role: 'Patient',
        name: await this.nameOf(caller.userId),
      };
    }
    if (
      isInvitedStaff(meeting, caller.userId) &&
      this.policy.mayWorkForPractice(caller, details.practice_id)
    ) {
      return {
        participant_id: caller.userId,
        role: 'Staff',
        name: await this.nameOf(caller.userId),
      };
    }
    throw new ForbiddenError(MEETING_MESSAGES.notParticipant);
  }

  private async nameOf(userId: string): Promise<string> {
    const profile = (await this.accounts.load(userId)).profile;
    return profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  }
}

/**
 * The appointment's status that the meeting's events bring: the patient waiting, the visit
 * started, the visit ended. A move the status table forbids (a Pending request, a canceled
 * visit) refuses the whole command.
 */
function statusAfter(
  events: readonly MeetingEvent[],
  current: AppointmentStatus,
): AppointmentStatus | null {
  let target: AppointmentStatus | null = null;
  for (const event of events) {
    if (event.type === 'MeetingEnded') target = 'Checked-Out';
    else if (event.type === 'MeetingStarted') target = 'In Progress';
    else if (event.type === 'MeetingParticipantWaiting' && event.data.role === 'Patient') {
      target = 'Waiting-Room';
    }
  }
  if (!target || target === current) return null;
  if (target === 'Waiting-Room' && (current === 'In Progress' || current === 'Checked-Out'))
    return null;
  if (isFinal(current) && target !== 'Checked-Out') throw new ConflictError(MEETING_MESSAGES.ended);
  if (!canMove(current, target)) throw new ConflictError(illegalTransition(current, target));
  return target;
}
