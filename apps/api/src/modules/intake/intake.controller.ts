import {
  ConsistentReadQuery,
  type CustomFormView,
  type DemographicsView,
  type EligibilityView,
  INTAKE_MESSAGES,
  SubmitScreeningDto,
  UpdateDemographicsDto,
  VerifyEligibilityDto,
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
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { absentAs204 } from '../identity/no-record';
import { SubmitScreeningCommand } from './commands/submit-screening';
import { UpdateDemographicsCommand } from './commands/update-demographics';
import { VerifyEligibilityCommand } from './commands/verify-eligibility';
import { IntakeQueries } from './intake.queries';

const uuid = () => new ParseUUIDPipe();

/** The booking wizard's screening form, demographics and eligibility steps (spec 0, section 5). */
@ApiTags('intake')
@Controller()
export class IntakeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly intake: IntakeQueries,
  ) {}

  @Get('calendars/:calendar_id/custom-forms')
  @Public()
  @ReadsFrom('scheduling')
  customForms(
    @Param('calendar_id', uuid()) calendarId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<CustomFormView[]> {
    return this.intake.customForms(calendarId);
  }

  /** The custom forms a practice may put on its calendars, for its staff. */
  @Get('practices/:practice_id/custom-forms')
  @Roles('Provider', 'PracticeAdmin', 'Staff', 'SuperUser')
  practiceForms(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
  ): CustomFormView[] {
    return this.intake.practiceForms(caller, practiceId);
  }

  @Post('calendars/:calendar_id/screening')
  @HttpCode(201)
  @ResponseMessage(INTAKE_MESSAGES.screeningSaved)
  screening(
    @Caller() caller: Principal,
    @Param('calendar_id', uuid()) calendarId: string,
    @Body() dto: SubmitScreeningDto,
    @Context() context: RequestContext,
  ): Promise<{ screening_id: string }> {
    return this.commands.execute(new SubmitScreeningCommand(caller, calendarId, dto, context));
  }

  /** The spec's '204 means no record' until the patient's demographics are first saved. */
  @Get('patients/:patient_id/demographics')
  async demographics(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DemographicsView | null> {
    const found = await this.intake.demographics(caller, patientId);
    return absentAs204(reply, found.has_demographics ? found : null);
  }

  @Put('patients/:patient_id/demographics')
  @HttpCode(200)
  @ResponseMessage(INTAKE_MESSAGES.demographicsSaved)
  updateDemographics(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Body() dto: UpdateDemographicsDto,
    @Context() context: RequestContext,
  ): Promise<DemographicsView> {
    return this.commands.execute(new UpdateDemographicsCommand(caller, patientId, dto, context));
  }

  @Post('insurance/eligibility')
  @HttpCode(200)
  eligibility(
    @Caller() caller: Principal,
    @Body() dto: VerifyEligibilityDto,
    @Context() context: RequestContext,
  ): Promise<EligibilityView> {
    return this.commands.execute(new VerifyEligibilityCommand(caller, dto, context));
  }
}
