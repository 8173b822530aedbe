import {
  type CommandAccepted,
  ConsistentReadQuery,
  type FamilyPassportView,
  type PassportVerificationView,
  RecordVaccinationDto,
  VACCINATION_MESSAGES,
  type VaccinationPassportView,
  type VaccinationView,
  VerifyPassportDto,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { absentAs204, noRecordAs204 } from '../identity/no-record';
import { RecordVaccinationCommand } from './commands/record-vaccination';
import { PassportEmail } from './passport-email';
import { VaccinationQueries } from './vaccination.queries';

const uuid = () => new ParseUUIDPipe();

/** Vaccination records and the vaccination passport (issue 20 item 2). */
@ApiTags('vaccination')
@Controller()
export class VaccinationController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: VaccinationQueries,
    private readonly email: PassportEmail,
  ) {}

  /** A practice's provider, staff or admin records a dose given to one of its patients. */
  @Post('practices/:practice_id/patients/:patient_id/vaccinations')
  @Roles('Provider', 'Staff', 'PracticeAdmin', 'SuperUser')
  @HttpCode(201)
  @ResponseMessage(VACCINATION_MESSAGES.recorded)
  recordVaccination(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Param('patient_id', uuid()) patientId: string,
    @Body() dto: RecordVaccinationDto,
    @Context() context: RequestContext,
  ): Promise<CommandAccepted> {
    return this.commands.execute(
      new RecordVaccinationCommand(caller, practiceId, patientId, dto, context),
    );
  }

  /** The spec's '204 means no record' when no dose is recorded. */
  @Get('patients/:patient_id/vaccinations')
  @ReadsFrom('vaccinations')
  async vaccinations(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Query() _consistency: ConsistentReadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VaccinationView[] | null> {
    return noRecordAs204(reply, await this.queries.record(caller, patientId));
  }

  /** The signed passport; 204 (no record: the web goes to /vaccine-passport/no-record). */
  @Get('patients/:patient_id/vaccination-passport')
  @ReadsFrom('vaccinations')
  async passport(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Query() _consistency: ConsistentReadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VaccinationPassportView | null> {
    return absentAs204(reply, await this.queries.passport(caller, patientId));
  }

  /** The spec's 'email link': the passport's link to the caller's own email address. */
  @Post('patients/:patient_id/vaccination-passport/email-link')
  @ReadsFrom('vaccinations')
  @HttpCode(200)
  @ResponseMessage(VACCINATION_MESSAGES.linkSent)
  async emailLink(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<null> {
    await this.email.send(caller, patientId);
    return null;
  }

  /** The spec's 'family members for vaccine passport': the patient first, then each member. */
  @Get('patients/:patient_id/vaccination-passports')
  @ReadsFrom('vaccinations', 'users')
  familyPassports(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<FamilyPassportView[]> {
    return this.queries.familyPassports(caller, patientId);
  }

  /** Anyone holding a passport's link asks whether it is genuine; no sign-in. */
  @Post('vaccination-passports/verification')
  @Public()
  @HttpCode(200)
  verify(@Body() dto: VerifyPassportDto): Promise<PassportVerificationView> {
    return this.queries.verify(dto);
  }
}
