import {
  CheckInFormsDto,
  type CheckInSummaryView,
  CheckInSummaryQuery,
  ConsentDocumentDto,
  type ConsentDocumentView,
  ConsistentReadQuery,
  DIGITAL_CHECK_IN_MESSAGES,
  DigitalCheckInSettingsDto,
  type DigitalCheckInSettingsView,
  type DigitalCheckInView,
  INSURANCE_CARD_SIDES,
  type InsuranceCardSide,
  PayCopayDto,
  type PaymentView,
  SignConsentDto,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import {
  Body,
  Controller,
  createParamDecorator,
  Delete,
  type ExecutionContext,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InvalidError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { DigitalCheckInCopayService } from './digital-check-in-copay.service';
import { DigitalCheckInSettingsService } from './digital-check-in-settings.service';
import { DigitalCheckInService } from './digital-check-in.service';

const uuid = () => new ParseUUIDPipe();
const M = DIGITAL_CHECK_IN_MESSAGES;
const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff'] as const;

/** The request's body as the bytes sent (a custom parameter: the text pipes leave it alone). */
export const RawBody = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): unknown =>
    ctx.switchToHttp().getRequest<FastifyRequest>().body,
);

/** Digital check-in: settings, consents, copay, insurance cards, forms and the day's summary. */
@ApiTags('digital-check-in')
@Controller()
export class DigitalCheckInController {
  constructor(
    private readonly service: DigitalCheckInService,
    private readonly settingsService: DigitalCheckInSettingsService,
    private readonly copays: DigitalCheckInCopayService,
  ) {}

  @Get('providers/:provider_id/digital-check-in-settings')
  @Roles(...PRACTICE_USERS)
  settings(
    @Caller() caller: Principal,
    @Param('provider_id', uuid()) providerId: string,
  ): Promise<DigitalCheckInSettingsView> {
    return this.settingsService.settings(caller, providerId);
  }

  @Put('providers/:provider_id/digital-check-in-settings')
  @Roles('PracticeAdmin')
  @HttpCode(200)
  @ResponseMessage(M.settingsSaved)
  changeSettings(
    @Caller() caller: Principal,
    @Param('provider_id', uuid()) providerId: string,
    @Body() dto: DigitalCheckInSettingsDto,
    @Context() context: RequestContext,
  ): Promise<DigitalCheckInSettingsView> {
    return this.settingsService.changeSettings(caller, providerId, dto, context);
  }

  @Get('practices/:practice_id/consents')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('digital-check-in')
  consents(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<ConsentDocumentView[]> {
    return this.settingsService.consents(caller, practiceId);
  }

  @Post('practices/:practice_id/consents')
  @Roles('PracticeAdmin')
  @HttpCode(201)
  @ResponseMessage(M.consentSaved)
  createConsent(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Body() dto: ConsentDocumentDto,
    @Context() context: RequestContext,
  ): Promise<ConsentDocumentView & { position: number }> {
    return this.settingsService.publishConsent(caller, practiceId, null, dto, null, context);
  }

  /** A new text is a new version: signatures of the old one no longer count. */
  @Put('practices/:practice_id/consents/:consent_id')
  @Roles('PracticeAdmin')
  @HttpCode(200)
  @ResponseMessage(M.consentSaved)
  updateConsent(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Param('consent_id', uuid()) consentId: string,
    @Body() dto: ConsentDocumentDto,
    @Context() context: RequestContext,
  ): Promise<ConsentDocumentView & { position: number }> {
    return this.settingsService.publishConsent(caller, practiceId, consentId, dto, null, context);
  }

  /** The patient's steps: consents (with signatures), copay, insurance cards, forms, arrival. */
  @Get('appointments/:appointment_id/digital-check-in')
  @ReadsFrom('digital-check-in')
  view(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<DigitalCheckInView> {
    return this.service.view(caller, appointmentId);
  }

  @Post('appointments/:appointment_id/consents/:consent_id/signature')
  @HttpCode(201)
  @ResponseMessage(M.consentSigned)
  sign(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Param('consent_id', uuid()) consentId: string,
    @Body() dto: SignConsentDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.service.signConsent(caller, appointmentId, consentId, dto, context);
  }

  @Delete('appointments/:appointment_id/consents/:consent_id/signature')
  @HttpCode(200)
  @ResponseMessage(M.consentDeleted)
  unsign(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Param('consent_id', uuid()) consentId: string,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.service.deleteConsentSignature(caller, appointmentId, consentId, context);
  }

  /** The copay, through the payment port; a declined card answers 402 with the gateway's words. */
  @Post('appointments/:appointment_id/copay')
  @HttpCode(201)
  @ResponseMessage(M.copayPaid)
  copay(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: PayCopayDto,
    @Context() context: RequestContext,
  ): Promise<PaymentView> {
    return this.copays.payCopay(caller, appointmentId, dto, context);
  }

  /**
   * A photo of the insurance card's front or back: the body is the file itself (JPEG, PNG or PDF
   * by its first bytes, 5 MB at most).
   */
  @Put('appointments/:appointment_id/insurance-card/:side')
  @HttpCode(201)
  @ResponseMessage(M.cardUploaded)
  insuranceCard(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Param('side') side: string,
    @RawBody() body: unknown,
    @Context() context: RequestContext,
  ): Promise<{ file_id: string; sha256: string; position: number }> {
    if (!(INSURANCE_CARD_SIDES as readonly string[]).includes(side)) {
      throw new InvalidError(STATUS_MESSAGES[400], { side: 'Invalid' });
    }
    return this.service.uploadInsuranceCard(
      caller,
      appointmentId,
      side as InsuranceCardSide,
      body,
      context,
    );
  }

  @Post('appointments/:appointment_id/check-in-forms')
  @HttpCode(201)
  @ResponseMessage(M.formsRecorded)
  forms(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: CheckInFormsDto,
    @Context() context: RequestContext,
  ): Promise<{ position: number }> {
    return this.service.answerForms(caller, appointmentId, dto.screening_id, context);
  }

  /** An insurance card or a drawn signature: the patient's own side and their practice only. */
  @Get('check-in-files/:file_id')
  async file(
    @Caller() caller: Principal,
    @Param('file_id', uuid()) fileId: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.service.file(caller, fileId);
    await reply
      .header('content-type', file.content_type)
      .header('content-disposition', 'inline')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(file.bytes));
  }

  /** Spec: the Check-In Summary: each patient of the day and where their check-in stands. */
  @Get('practices/:practice_id/check-in-summary')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('scheduling', 'digital-check-in', 'users')
  summary(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Query() query: CheckInSummaryQuery,
  ): Promise<CheckInSummaryView> {
    return this.service.summary(caller, practiceId, query.date);
  }
}
