import {
  AssociatePaymentDto,
  ConsistentReadQuery,
  type BookingPaymentSettings,
  PAYMENT_MESSAGES,
  type PaymentMethodsView,
  type PaymentMethodView,
  type PaymentView,
  PayVisitFeeDto,
  type PracticePaymentSettingsView,
  SavePaymentMethodDto,
  UpdatePaymentSettingsDto,
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
import { DomainError } from '../../domain/domain-error';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccessPolicy } from '../identity/auth/access-policy';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { PaymentsService } from './payments.service';

const uuid = () => new ParseUUIDPipe();

/** Visit fees, card on file and the practice's payment settings (spec 1, sections 3, 5 and 7). */
@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsService,
    private readonly policy: AccessPolicy,
  ) {}

  @Get('calendars/:calendar_id/payment-settings')
  @Public()
  @ReadsFrom('scheduling', 'directory')
  bookingSettings(
    @Param('calendar_id', uuid()) calendarId: string,
    @Query() _consistency: ConsistentReadQuery,
  ): Promise<BookingPaymentSettings> {
    return this.payments.bookingSettings(calendarId);
  }

  @Get('practices/:practice_id/payment-settings')
  @Roles('PracticeAdmin', 'Provider', 'Staff', 'SuperUser', 'SupportAgent')
  practiceSettings(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
  ): Promise<PracticePaymentSettingsView> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.payments.practiceSettings(practiceId);
  }

  @Put('practices/:practice_id/payment-settings')
  @Roles('PracticeAdmin', 'SuperUser')
  @HttpCode(200)
  @ResponseMessage('Payment settings updated.')
  changeSettings(
    @Caller() caller: Principal,
    @Param('practice_id', uuid()) practiceId: string,
    @Body() dto: UpdatePaymentSettingsDto,
    @Context() context: RequestContext,
  ): Promise<PracticePaymentSettingsView & { position: number }> {
    return this.payments.changeSettings(caller, practiceId, dto, context);
  }

  /** Authorizes the visit fee; a declined card answers 402 with the gateway's words. */
  @Post('payments/visit-fee')
  @Roles('Patient')
  @HttpCode(201)
  @ResponseMessage(PAYMENT_MESSAGES.paid)
  async payVisitFee(
    @Caller() caller: Principal,
    @Body() dto: PayVisitFeeDto,
    @Context() context: RequestContext,
  ): Promise<PaymentView> {
    const payment = await this.payments.payVisitFee(caller, dto, context);
    if (payment.status === 'failed') {
      throw new DomainError(
        'payment_declined',
        payment.failure_message ?? PAYMENT_MESSAGES.declined,
        payment,
      );
    }
    return payment;
  }

  @Get('payments/:payment_id')
  payment(
    @Caller() caller: Principal,
    @Param('payment_id', uuid()) paymentId: string,
  ): Promise<PaymentView> {
    return this.payments.payment(caller, paymentId);
  }

  /** Releases an authorized fee, or refunds a captured one. */
  @Post('payments/:payment_id/cancel-visit-fee')
  @HttpCode(200)
  @ResponseMessage(PAYMENT_MESSAGES.notProcessed)
  cancelVisitFee(
    @Caller() caller: Principal,
    @Param('payment_id', uuid()) paymentId: string,
    @Context() context: RequestContext,
  ): Promise<PaymentView> {
    return this.payments.cancelVisitFee(caller, paymentId, context);
  }

  @Post('appointments/:appointment_id/associate-payment')
  @HttpCode(200)
  associate(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: AssociatePaymentDto,
    @Context() context: RequestContext,
  ): Promise<PaymentView> {
    return this.payments.associate(caller, appointmentId, dto, context);
  }

  /** Spec 1, section 7: the saved cards, as a list in data.data. */
  @Get('patients/:patient_id/get-payment-methods')
  async paymentMethods(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
  ): Promise<PaymentMethodsView> {
    return { data: await this.payments.paymentMethods(caller, patientId) };
  }

  @Post('patients/:patient_id/payment-methods')
  @Roles('Patient')
  @HttpCode(201)
  @ResponseMessage(PAYMENT_MESSAGES.cardSaved)
  savePaymentMethod(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
    @Body() dto: SavePaymentMethodDto,
    @Context() context: RequestContext,
  ): Promise<PaymentMethodView> {
    return this.payments.savePaymentMethod(caller, patientId, dto, context);
  }
}
