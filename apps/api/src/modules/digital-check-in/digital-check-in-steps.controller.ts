import {
  CheckInChargesDto,
  ConsistentReadQuery,
  DIGITAL_CHECK_IN_MESSAGES,
  EmergencyContactDto,
  MedicalHistoryDto,
  type PatientDigitalCheckInsView,
  PreferredPharmacyDto,
  SKIPPABLE_STEPS,
  type SkippableStep,
  STATUS_MESSAGES,
  VendorCheckInDto,
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
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InvalidError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import {
  type ArrivalAnswer,
  DigitalCheckInArrivalService,
} from './digital-check-in-arrival.service';
import { DigitalCheckInInformationService } from './digital-check-in-information.service';
import { RawBody } from './digital-check-in.controller';

const uuid = () => new ParseUUIDPipe();
const M = DIGITAL_CHECK_IN_MESSAGES;

/**
 * Digital check-in's settings that act: the arrival and the practice's word to come in, the
 * information the provider collects, the vendor's copy, and the dashboard's entry.
 */
@ApiTags('digital-check-in')
@Controller()
export class DigitalCheckInStepsController {
  constructor(
    private readonly arrival: DigitalCheckInArrivalService,
    private readonly information: DigitalCheckInInformationService,
  ) {}

  /** "I have arrived" (i_have_arrived_text): checked in, or waiting when staff approve entry. */
  @Post('appointments/:appointment_id/arrival')
  @Roles('Patient')
  @HttpCode(200)
  @ResponseMessage(M.arrivalRecorded)
  arrive(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Context() context: RequestContext,
  ): Promise<ArrivalAnswer> {
    return this.arrival.arrive(caller, appointmentId, context);
  }

  /** Staff tell the patient to come in (ready_for_patient_text), checking them in. */
  @Post('appointments/:appointment_id/ready')
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  @HttpCode(200)
  @ResponseMessage(M.markedReady)
  ready(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Context() context: RequestContext,
  ): Promise<ArrivalAnswer> {
    return this.arrival.markReady(caller, appointmentId, context);
  }

  @Put('appointments/:appointment_id/emergency-contact')
  @HttpCode(200)
  @ResponseMessage(M.informationSaved)
  emergencyContact(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: EmergencyContactDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.information.emergencyContact(caller, appointmentId, dto, context);
  }

  @Put('appointments/:appointment_id/preferred-pharmacy')
  @HttpCode(200)
  @ResponseMessage(M.informationSaved)
  pharmacy(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: PreferredPharmacyDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.information.pharmacy(caller, appointmentId, dto, context);
  }

  @Put('appointments/:appointment_id/medical-history')
  @HttpCode(200)
  @ResponseMessage(M.informationSaved)
  medicalHistory(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: MedicalHistoryDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.information.medicalHistory(caller, appointmentId, dto, context);
  }

  /** A photo of a government-issued ID: the body is the file (as for the insurance card). */
  @Put('appointments/:appointment_id/government-id')
  @HttpCode(201)
  @ResponseMessage(M.informationSaved)
  governmentId(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @RawBody() body: unknown,
    @Context() context: RequestContext,
  ): Promise<{ file_id: string; sha256: string; position: number }> {
    return this.information.governmentId(caller, appointmentId, body, context);
  }

  /** The pharmacy or the ID left out, where the provider's skip setting allows it. */
  @Post('appointments/:appointment_id/check-in-steps/:step/skip')
  @HttpCode(200)
  @ResponseMessage(M.stepSkipped)
  skip(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Param('step') step: string,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    if (!(SKIPPABLE_STEPS as readonly string[]).includes(step)) {
      throw new InvalidError(STATUS_MESSAGES[400], { step: 'Invalid' });
    }
    return this.information.skip(caller, appointmentId, step as SkippableStep, context);
  }

  /** The practice: the outstanding balance and deductible the check-in's payment collects. */
  @Put('appointments/:appointment_id/check-in-charges')
  @Roles('Provider', 'PracticeAdmin', 'Staff')
  @HttpCode(200)
  @ResponseMessage(M.chargesSaved)
  charges(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: CheckInChargesDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.information.setCharges(caller, appointmentId, dto, context);
  }

  /** Spec: the appointment goes to the check-in vendor; `check-in.added` says where to go. */
  @Post('appointments/:appointment_id/digital-check-in/vendor')
  @HttpCode(202)
  @ResponseMessage(M.vendorAdded)
  vendor(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: VendorCheckInDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.information.toVendor(caller, appointmentId, dto, context);
  }

  /** The patient's and their family's upcoming visits whose provider has digital check-in on. */
  @Get('patients/:patient_id/digital-check-ins')
  @Roles('Patient')
  @ReadsFrom('scheduling', 'digital-check-in')
  upcoming(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<PatientDigitalCheckInsView> {
    return this.information.upcoming(caller, patientId);
  }
}
