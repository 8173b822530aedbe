import {
  type BookingResult,
  ConsistentReadQuery,
  JoinWaitlistDto,
  LeaveWaitlistQuery,
  OfferWaitlistSlotDto,
  RemoveFromWaitlistDto,
  WAITLIST_MESSAGES,
  type WaitlistActionResult,
  type WaitlistExistsView,
  WaitlistExistsQuery,
  type WaitlistItemView,
  type WaitlistJoined,
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
  Query,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { AcceptOfferCommand } from './commands/accept-offer';
import { DeclineOfferCommand } from './commands/decline-offer';
import { JoinWaitlistCommand } from './commands/join-waitlist';
import { LeaveWaitlistCommand } from './commands/leave-waitlist';
import { OfferSlotToPatientCommand } from './commands/offer-slot-to-patient';
import { RemoveFromWaitlistCommand } from './commands/remove-from-waitlist';
import { WaitlistItemsQuery } from './waitlist-items.query';

const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent'] as const;
/** Who works a practice's lists (offers and removals). */
const PRACTICE_STAFF = ['Provider', 'PracticeAdmin', 'Staff'] as const;

/** The calendars' waiting lists (section 7 of the second document, "Waitlist"). */
@ApiTags('waitlist')
@Controller()
export class WaitlistController {
  constructor(
    private readonly commands: CommandBus,
    private readonly items: WaitlistItemsQuery,
  ) {}

  /** Patients only: anyone else gets the spec's 403 text. */
  @Post('waitlist')
  @HttpCode(201)
  @ResponseMessage(WAITLIST_MESSAGES.added)
  join(
    @Caller() caller: Principal,
    @Body() dto: JoinWaitlistDto,
    @Context() context: RequestContext,
  ): Promise<WaitlistJoined> {
    return this.commands.execute(new JoinWaitlistCommand(caller, dto, context));
  }

  /** A patient's items (their own and their family's); practices list their calendars' lines. */
  @Get('waitlist/patients/:patient_id')
  @Roles('Patient', 'SuperUser', 'SupportAgent')
  @ReadsFrom('waitlist')
  byPatient(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<WaitlistItemView[]> {
    return this.items.byPatient(caller, patientId);
  }

  /** A calendar's line, in order: its practice's users only. */
  @Get('calendars/:calendar_id/waitlist')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('waitlist')
  byCalendar(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<WaitlistItemView[]> {
    return this.items.byCalendar(caller, calendarId);
  }

  /** Every calendar's line of the practice, in order per calendar (the staff's waitlists page). */
  @Get('practices/:practice_id/waitlist')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('waitlist')
  byPractice(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<WaitlistItemView[]> {
    return this.items.byPractice(caller, practiceId);
  }

  /** The practice offers a free slot to a patient of its choosing on the calendar's list. */
  @Post('calendars/:calendar_id/waitlist/offers')
  @Roles(...PRACTICE_STAFF)
  @HttpCode(201)
  @ResponseMessage(WAITLIST_MESSAGES.offered)
  offer(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: OfferWaitlistSlotDto,
    @Context() context: RequestContext,
  ): Promise<WaitlistActionResult> {
    return this.commands.execute(new OfferSlotToPatientCommand(caller, calendarId, dto, context));
  }

  /** The practice takes a patient off the calendar's list (the patient is told). */
  @Delete('calendars/:calendar_id/waitlist/:patient_id')
  @Roles(...PRACTICE_STAFF)
  @HttpCode(200)
  @ResponseMessage(WAITLIST_MESSAGES.removed)
  remove(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Body() dto: RemoveFromWaitlistDto,
    @Context() context: RequestContext,
  ): Promise<WaitlistActionResult> {
    return this.commands.execute(
      new RemoveFromWaitlistCommand(caller, calendarId, patientId, context, dto.reason),
    );
  }

  /** Is the patient (the caller by default) on this calendar's list? */
  @Get('waitlist/exists')
  @Roles('Patient', ...PRACTICE_USERS)
  @ReadsFrom('waitlist')
  exists(
    @Caller() caller: Principal,
    @Query() query: WaitlistExistsQuery,
  ): Promise<WaitlistExistsView> {
    return this.items.exists(caller, query);
  }

  /** Leaves the list (an open offer is declined and passed on). */
  @Delete('waitlist/calendars/:calendar_id')
  @Roles('Patient')
  @HttpCode(200)
  @ResponseMessage(WAITLIST_MESSAGES.left)
  leave(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Query() query: LeaveWaitlistQuery,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.commands.execute(new LeaveWaitlistCommand(caller, calendarId, query, context));
  }

  /** Books the offered slot with the hold the offer placed. */
  @Put('waitlist/offers/:offer_id/accept')
  @Roles('Patient')
  @HttpCode(200)
  @ResponseMessage(WAITLIST_MESSAGES.offerAccepted)
  accept(
    @Caller() caller: Principal,
    @Param('offer_id', new ParseUUIDPipe()) offerId: string,
    @Context() context: RequestContext,
  ): Promise<BookingResult> {
    return this.commands.execute(new AcceptOfferCommand(caller, offerId, context));
  }

  @Put('waitlist/offers/:offer_id/decline')
  @Roles('Patient')
  @HttpCode(200)
  @ResponseMessage(WAITLIST_MESSAGES.offerDeclined)
  decline(
    @Caller() caller: Principal,
    @Param('offer_id', new ParseUUIDPipe()) offerId: string,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.commands.execute(new DeclineOfferCommand(caller, offerId, context));
  }
}
