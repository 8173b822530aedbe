import {
  FRONT_DESK_MESSAGES,
  type PatientRegistered,
  PatientSearchQuery,
  type PatientSearchResult,
  RegisterPatientDto,
} from '@medbook/contracts';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { RegisterPatientCommand } from './commands/register-patient';
import { FindPatientsQuery } from './queries/find-patients.query';

/** The practice's own people at the desk: providers, staff and admins of that practice only. */
const DESK = ['Provider', 'Staff', 'PracticeAdmin'] as const;

/** The front desk: find a patient of the practice, or register a new one (issue 18 item 3). */
@ApiTags('front-desk')
@Controller('practices/:practice_id/patients')
export class PracticePatientsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly finder: FindPatientsQuery,
  ) {}

  @Get()
  @Roles(...DESK)
  @ReadsFrom('users', 'scheduling')
  @ResponseMessage(FRONT_DESK_MESSAGES.found)
  find(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: PatientSearchQuery,
  ): Promise<PatientSearchResult> {
    return this.finder.find(caller, practiceId, query.q);
  }

  @Post()
  @Roles(...DESK)
  @HttpCode(201)
  @ResponseMessage(FRONT_DESK_MESSAGES.registered)
  register(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: RegisterPatientDto,
    @Context() context: RequestContext,
  ): Promise<PatientRegistered> {
    return this.commands.execute(new RegisterPatientCommand(caller, practiceId, dto, context));
  }
}
