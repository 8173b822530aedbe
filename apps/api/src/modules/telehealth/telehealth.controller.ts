import {
  MeetingChatDto,
  MeetingInvitationDto,
  type MeetingInvitationResult,
  type MeetingView,
  RedeemInvitationDto,
  type RedeemedInvitation,
  type TeleAppointmentView,
  VisitNotesDto,
  VisitReviewDto,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { Caller, GuestsAllowed, type Principal, Public } from '../identity/auth/principal';
import { MeetingService } from './meeting.service';

const uuid = () => new ParseUUIDPipe();

/**
 * The video visit (issue 17). Guests who redeemed an invitation call the meeting's routes with
 * their guest token; everyone else with their own. Media never passes through here: the
 * browsers connect to each other, and signalling goes over the socket (meeting.join/.signal).
 */
@ApiTags('telehealth')
@Controller()
export class TelehealthController {
  constructor(private readonly meetings: MeetingService) {}

  /** The spec's tele appointment by id (tele/appointments/{id}/get), with its meeting's fields. */
  @Get('tele/appointments/:appointment_id/get')
  teleAppointment(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
  ): Promise<TeleAppointmentView> {
    return this.meetings.teleAppointment(caller, appointmentId);
  }

  @Get('appointments/:appointment_id/meeting')
  @GuestsAllowed()
  meeting(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
  ): Promise<MeetingView> {
    return this.meetings.view(caller, appointmentId);
  }

  /** Ready after the device check: the patient or a guest waits; the provider starts the visit. */
  @Post('appointments/:appointment_id/meeting/ready')
  @GuestsAllowed()
  @HttpCode(200)
  ready(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Context() context: RequestContext,
  ) {
    return this.meetings.ready(caller, appointmentId, context);
  }

  @Post('appointments/:appointment_id/meeting/start')
  @HttpCode(200)
  start(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Context() context: RequestContext,
  ) {
    return this.meetings.start(caller, appointmentId, context);
  }

  @Post('appointments/:appointment_id/meeting/participants/:participant_id/admit')
  @HttpCode(200)
  admit(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Param('participant_id', uuid()) participantId: string,
    @Context() context: RequestContext,
  ) {
    return this.meetings.admit(caller, appointmentId, participantId, context);
  }

  @Delete('appointments/:appointment_id/meeting/participants/:participant_id')
  @HttpCode(200)
  remove(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Param('participant_id', uuid()) participantId: string,
    @Context() context: RequestContext,
  ) {
    return this.meetings.remove(caller, appointmentId, participantId, context);
  }

  @Post('appointments/:appointment_id/meeting/messages')
  @GuestsAllowed()
  @HttpCode(201)
  chat(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: MeetingChatDto,
    @Context() context: RequestContext,
  ) {
    return this.meetings.chat(caller, appointmentId, dto.text, context);
  }

  /** The spec's "PUT visit notes body {value}": the provider's session notes. */
  @Put('appointments/:appointment_id/visit-notes')
  visitNotes(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: VisitNotesDto,
    @Context() context: RequestContext,
  ) {
    return this.meetings.notes(caller, appointmentId, dto.value, context);
  }

  @Post('appointments/:appointment_id/meeting/invitations')
  @HttpCode(201)
  invite(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: MeetingInvitationDto,
    @Context() context: RequestContext,
  ): Promise<MeetingInvitationResult> {
    return this.meetings.invite(caller, appointmentId, dto, context);
  }

  /** A guest's invitation link, once: answers a guest token for that meeting alone. */
  @Post('meeting-invitations/redeem')
  @Public()
  @HttpCode(200)
  redeem(
    @Body() dto: RedeemInvitationDto,
    @Context() context: RequestContext,
  ): Promise<RedeemedInvitation> {
    return this.meetings.redeem(dto.token, context);
  }

  @Post('appointments/:appointment_id/meeting/end')
  @HttpCode(200)
  end(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Context() context: RequestContext,
  ) {
    return this.meetings.end(caller, appointmentId, context);
  }

  /** The review request after a visit: rating 1-5 and a comment, once, by the patient. */
  @Post('appointments/:appointment_id/review')
  @HttpCode(201)
  review(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: VisitReviewDto,
    @Context() context: RequestContext,
  ) {
    return this.meetings.review(caller, appointmentId, dto, context);
  }
}
