import {
  AppointmentChangeDto,
  type AppointmentStatus,
  AsOfQuery,
  BOOKING_MESSAGES,
  BookAppointmentDto,
  type BookingResult,
  CancelAppointmentDto,
  ChangeAppointmentStatusDto,
  HoldSlotDto,
  type HoldView,
  RequestDecisionsDto,
  type RequestDecisionsResult,
  REQUEST_MESSAGES,
  RescheduleAppointmentDto,
  WalkInDto,
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
import { PublishedUnder } from '../../infra/http/openapi';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { BookAppointmentCommand } from './commands/book-appointment';
import { BookWalkInCommand } from './commands/book-walk-in';
import { CancelAppointmentCommand } from './commands/cancel-appointment';
import { ChangeAppointmentStatusCommand } from './commands/change-appointment-status';
import { CheckInAppointmentCommand } from './commands/check-in-appointment';
import { DecideRequestsCommand } from './commands/decide-requests';
import { EndHoldCommand, type HoldEnded } from './commands/end-hold';
import { HoldSlotCommand } from './commands/hold-slot';
import { RescheduleAppointmentCommand } from './commands/reschedule-appointment';
import type { AppointmentDetails } from './domain/appointment.events';
import { AppointmentViewsQuery } from './queries/appointment-views.query';
import { PastStates } from './queries/past-states';

const PRACTICE_STAFF = ['Provider', 'PracticeAdmin', 'Staff'] as const;

type Changed = Promise<{ position: number; status: AppointmentStatus }>;

/** Holds, bookings, walk-ins and each appointment's life after it is booked. */
@ApiTags('scheduling')
@PublishedUnder('SchedulingController')
@Controller()
export class AppointmentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly appointments: AppointmentViewsQuery,
    private readonly past: PastStates,
  ) {}

  @Put('calendars/:calendar_id/slots/hold')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  hold(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Body() dto: HoldSlotDto,
    @Context() context: RequestContext,
  ): Promise<HoldView> {
    return this.commands.execute(HoldSlotCommand.of(caller, calendarId, dto, context));
  }

  @Delete('calendars/:calendar_id/slots/hold/:hold_id')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  release(
    @Caller() caller: Principal,
    @Param('calendar_id', new ParseUUIDPipe()) calendarId: string,
    @Param('hold_id', new ParseUUIDPipe()) holdId: string,
    @Body() dto: HoldSlotDto,
    @Context() context: RequestContext,
  ): Promise<HoldEnded> {
    return this.commands.execute(EndHoldCommand.release(caller, calendarId, holdId, dto, context));
  }

  @Post('appointments')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(201)
  book(
    @Caller() caller: Principal,
    @Body() dto: BookAppointmentDto,
    @Context() context: RequestContext,
  ): Promise<BookingResult> {
    return this.commands.execute(BookAppointmentCommand.of(caller, dto, context));
  }

  @Post('appointments/walk-in')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(201)
  walkIn(
    @Caller() caller: Principal,
    @Body() dto: WalkInDto,
    @Context() context: RequestContext,
  ): Promise<BookingResult> {
    return this.commands.execute(new BookWalkInCommand(caller, dto, context));
  }

  @Get('appointments/:appointment_id')
  appointment(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Query() query: AsOfQuery,
  ): Promise<AppointmentDetails & { revision: number }> {
    return query.as_of
      ? this.past.appointmentAsOf(caller, appointmentId, new Date(query.as_of))
      : this.appointments.appointment(caller, appointmentId);
  }

  @Delete('appointments/:appointment_id')
  @HttpCode(200)
  @ResponseMessage('Appointment canceled.')
  cancel(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: CancelAppointmentDto,
    @Context() context: RequestContext,
  ): Changed {
    return this.commands.execute(new CancelAppointmentCommand(caller, appointmentId, dto, context));
  }

  @Put('appointments/:appointment_id/status')
  @Roles(...PRACTICE_STAFF, 'SuperUser')
  @HttpCode(200)
  changeStatus(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: ChangeAppointmentStatusDto,
    @Context() context: RequestContext,
  ): Changed {
    return this.commands.execute(
      new ChangeAppointmentStatusCommand(
        caller,
        appointmentId,
        dto.status,
        'practice',
        dto.expected_revision,
        context,
        dto.reason ?? null,
      ),
    );
  }

  /**
   * Several pending requests accepted or rejected at once: each on its own, each outcome
   * reported (a failure leaves the others decided). Answers 200 whatever the outcomes.
   */
  @Post('appointments/requests/decisions')
  @Roles(...PRACTICE_STAFF, 'SuperUser')
  @HttpCode(200)
  @ResponseMessage(REQUEST_MESSAGES.decided)
  decideRequests(
    @Caller() caller: Principal,
    @Body() dto: RequestDecisionsDto,
    @Context() context: RequestContext,
  ): Promise<RequestDecisionsResult> {
    return this.commands.execute(new DecideRequestsCommand(caller, dto, context));
  }

  /** The patient confirms they will come (patient confirmation status). */
  @Put('appointments/:appointment_id/confirm')
  @Roles('Patient')
  @HttpCode(200)
  confirm(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: AppointmentChangeDto,
    @Context() context: RequestContext,
  ): Changed {
    return this.commands.execute(
      new ChangeAppointmentStatusCommand(
        caller,
        appointmentId,
        'Confirmed',
        'reach',
        dto.expected_revision,
        context,
      ),
    );
  }

  /**
   * Check-in: a patient may check in on the appointment's day when its calendar allows it;
   * practice users check patients in at the desk.
   */
  @Put('appointments/:appointment_id/check-in')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  checkIn(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: AppointmentChangeDto,
    @Context() context: RequestContext,
  ): Changed {
    return this.commands.execute(
      new CheckInAppointmentCommand(caller, appointmentId, dto, context),
    );
  }

  /** Mark complete: the visit is over. */
  @Post('appointments/:appointment_id/complete')
  @Roles(...PRACTICE_STAFF)
  @HttpCode(200)
  complete(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: AppointmentChangeDto,
    @Context() context: RequestContext,
  ): Changed {
    return this.commands.execute(
      new ChangeAppointmentStatusCommand(
        caller,
        appointmentId,
        'Checked-Out',
        'practice',
        dto.expected_revision,
        context,
      ),
    );
  }

  @Put('appointments/:appointment_id/reschedule')
  @Roles('Patient', ...PRACTICE_STAFF)
  @HttpCode(200)
  @ResponseMessage(BOOKING_MESSAGES.rescheduled)
  reschedule(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: RescheduleAppointmentDto,
    @Context() context: RequestContext,
  ): Promise<BookingResult> {
    return this.commands.execute(
      new RescheduleAppointmentCommand(caller, appointmentId, dto, context),
    );
  }
}
