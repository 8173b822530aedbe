import {
  ConsistentReadQuery,
  type ScheduleAppointmentDetail,
  ScheduleQuery,
  type ScheduleView,
} from '@medbook/contracts';
import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { PracticeScheduleQuery } from './queries/practice-schedule.query';

/** The practice's schedule grid and the detail of one of its appointments, for its own users. */
@ApiTags('scheduling')
@Controller('practices/:practice_id/schedule')
export class ScheduleController {
  constructor(private readonly schedule: PracticeScheduleQuery) {}

  @Get()
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  @ReadsFrom('scheduling')
  grid(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: ScheduleQuery,
  ): Promise<ScheduleView> {
    return this.schedule.schedule(caller, practiceId, query);
  }

  @Get('appointments/:appointment_id')
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  @ReadsFrom('scheduling')
  appointment(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<ScheduleAppointmentDetail> {
    return this.schedule.appointment(caller, practiceId, appointmentId);
  }
}
