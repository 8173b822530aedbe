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
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { Caller, type Principal, Public, Roles } from '../identity/auth/principal';
import { AssociatePaymentCommand } from './commands/associate-payment';
import { CancelVisitFeeCommand } from './commands/cancel-visit-fee';
import { ChangePaymentSettingsCommand } from './commands/change-payment-settings';
import { PayVisitFeeCommand } from './commands/pay-visit-fee';
import { SavePaymentMethodCommand } from './commands/save-payment-method';
import { PaymentsQueries } from './payments.queries';

const uuid = () => new ParseUUIDPipe();

/** Visit fees, card on file and the practice's payment settings (spec 1, sections 3, 5 and 7). */
@ApiTags('payments')
@Controller()
export class PaymentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly payments: PaymentsQueries,
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
    return this.payments.settingsFor(caller, practiceId);
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
    return this.commands.execute(
      new ChangePaymentSettingsCommand(caller, practiceId, dto, context),
    );
  }

  /** Authorizes the visit fee; a declined card answers 402 with the gateway's words. */
  @Post('payments/visit-fee')
  @Roles('Patient')
  @HttpCode(201)
  @ResponseMessage(PAYMENT_MESSAGES.paid)
  payVisitFee(
    @Caller() caller: Principal,
    @Body() dto: PayVisitFeeDto,
    @Context() context: RequestContext,
  ): Promise<PaymentView> {
    return this.commands.execute(new PayVisitFeeCommand(caller, dto, context));
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
    return this.commands.execute(new CancelVisitFeeCommand(caller, paymentId, context));
  }

  @Post('appointments/:appointment_id/associate-payment')
  @HttpCode(200)
  associate(
    @Caller() caller: Principal,
    @Param('appointment_id', uuid()) appointmentId: string,
    @Body() dto: AssociatePaymentDto,
    @Context() context: RequestContext,
  ): Promise<PaymentView> {
    return this.commands.execute(new AssociatePaymentCommand(caller, appointmentId, dto, context));
  }

  /** Spec 1, section 7: the saved cards, as a list in data.data. */
  @Get('patients/:patient_id/get-payment-methods')
  paymentMethods(
    @Caller() caller: Principal,
    @Param('patient_id', uuid()) patientId: string,
  ): Promise<PaymentMethodsView> {
    return this.payments.paymentMethods(caller, patientId);
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
    return this.commands.execute(new SavePaymentMethodCommand(caller, patientId, dto, context));
  }
}
