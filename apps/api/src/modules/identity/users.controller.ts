import {
  AddFamilyMemberDto,
  ChangeRoleDto,
  ChangeUserStatusDto,
  type CommandAccepted,
  CreatePracticeUserDto,
  type FamilyMemberView,
  PATIENT_DETAILS_MESSAGES,
  type PatientDetailsView,
  UpdatePatientDto,
  type UserView,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ConsistentReadQuery } from '@medbook/contracts';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from './auth/principal';
import { AddFamilyMemberCommand } from './commands/add-family-member';
import { ChangePatientDetailsCommand } from './commands/change-patient-details';
import { ChangeUserRoleCommand } from './commands/change-user-role';
import { ChangeUserStatusCommand } from './commands/change-user-status';
import { CreatePracticeUserCommand } from './commands/create-practice-user';
import { noRecordAs204 } from './no-record';
import { PatientRecords } from './patient-records';
import { UserQueries } from './user-queries';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly queries: UserQueries,
    private readonly commands: CommandBus,
    private readonly patients: PatientRecords,
  ) {}

  @Get('users/me')
  me(@Caller() caller: Principal): Promise<UserView> {
    return this.queries.view(caller.userId);
  }

  @Get('users/:user_id')
  user(
    @Caller() caller: Principal,
    @Param('user_id', new ParseUUIDPipe()) userId: string,
  ): Promise<UserView> {
    return this.queries.user(caller, userId);
  }

  /** The spec's 'GET family member': 204 (no record) when the patient has none. */
  @Get('patients/:patient_id/family-members')
  @ReadsFrom('users')
  async family(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Query() _consistency: ConsistentReadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<FamilyMemberView[] | null> {
    return noRecordAs204(reply, await this.queries.familyMembers(caller, patientId));
  }

  /** A patient's details as `PUT /patients/{id}` changes them (from the streams: current at once). */
  @Get('patients/:patient_id')
  async patient(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
  ): Promise<PatientDetailsView> {
    return this.patients.view(patientId, await this.patients.reach(caller, patientId));
  }

  /** The spec's 'PUT update patient': a registered patient's or a family member's details. */
  @Put('patients/:patient_id')
  @Roles('Patient', 'Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent')
  @HttpCode(200)
  @ResponseMessage(PATIENT_DETAILS_MESSAGES.saved)
  updatePatient(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Body() dto: UpdatePatientDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new ChangePatientDetailsCommand(caller, patientId, dto, context));
  }

  @Post('patients/:patient_id/family-members')
  @Roles('Patient')
  @HttpCode(201)
  @ResponseMessage('Family member saved.')
  addFamilyMember(
    @Caller() caller: Principal,
    @Param('patient_id', new ParseUUIDPipe()) patientId: string,
    @Body() dto: AddFamilyMemberDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(new AddFamilyMemberCommand(caller, patientId, dto, context));
  }

  @Put('users/:user_id/status')
  @Roles('SuperUser', 'SupportAgent', 'PracticeAdmin')
  @HttpCode(200)
  changeStatus(
    @Caller() caller: Principal,
    @Param('user_id', new ParseUUIDPipe()) userId: string,
    @Body() dto: ChangeUserStatusDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.commands.execute(
      new ChangeUserStatusCommand(caller, userId, dto.disabled, context),
    );
  }

  @Put('users/:user_id/role')
  @Roles('SuperUser')
  @HttpCode(200)
  changeRole(
    @Param('user_id', new ParseUUIDPipe()) userId: string,
    @Body() dto: ChangeRoleDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.commands.execute(new ChangeUserRoleCommand(userId, dto, context));
  }

  @Get('practices/:practice_id/users')
  @Roles('PracticeAdmin', 'SuperUser', 'SupportAgent')
  @ReadsFrom('users')
  practiceUsers(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() _consistency: ConsistentReadQuery,
  ) {
    return this.queries.practiceUsers(caller, practiceId);
  }

  @Post('practices/:practice_id/users')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage('User created.')
  createPracticeUser(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Body() dto: CreatePracticeUserDto,
    @Context() context: RequestContext,
  ): Promise<{ id: string }> {
    return this.commands.execute(new CreatePracticeUserCommand(caller, practiceId, dto, context));
  }
}
