import {
  AppointmentChangeDto,
  type AppointmentStatus,
  type CheckInPassView,
  ConsistentReadQuery,
  KioskLookupQuery,
  type KioskLookupResult,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { CheckInAppointmentCommand } from './commands/check-in-appointment';
import { CheckInQuery } from './queries/check-in.query';

/** A practice's own users: the kiosk runs in one of their sessions. */
const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff'] as const;

/** The check-in pass and the kiosk at the practice's door. */
@ApiTags('scheduling')
@Controller()
export class CheckInController {
  constructor(
    private readonly commands: CommandBus,
    private readonly checkIn: CheckInQuery,
  ) {}

  /** The pass: names, time, the code, and the calendar's check-in window. */
  @Get('appointments/:appointment_id/check-in-pass')
  @ReadsFrom('users')
  pass(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<CheckInPassView> {
    return this.checkIn.pass(caller, appointmentId);
  }

  /** Today's visits of the practice by last name and birth date, or by confirmation code. */
  @Get('practices/:practice_id/kiosk/appointments')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('scheduling', 'users')
  kiosk(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: KioskLookupQuery,
  ): Promise<KioskLookupResult> {
    return this.checkIn.kiosk(caller, practiceId, query);
  }

  /** The patient at the door checks in: the calendar's window applies, as it does at home. */
  @Put('kiosk/appointments/:appointment_id/check-in')
  @Roles(...PRACTICE_USERS)
  @HttpCode(200)
  kioskCheckIn(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Body() dto: AppointmentChangeDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number; status: AppointmentStatus }> {
    return this.commands.execute(
      new CheckInAppointmentCommand(caller, appointmentId, dto, context, true),
    );
  }
}
