import {
  AUTH_MESSAGES,
  ChangePasswordDto,
  GuestLoginDto,
  LoginDto,
  type LoginResult,
  LookupEmailDto,
  RefreshTokenDto,
  ResetPasswordDto,
  SendSmsCodeDto,
  SignUpDto,
  SmsConsentsDto,
  TimeZoneQuery,
  VerifyCodeDto,
  VerifySmsCodeDto,
} from '@medbook/contracts';
import { Body, Controller, HttpCode, Post, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../infra/http/request-context';
import { ResponseMessage } from '../../infra/http/response-message.decorator';
import { AccountService } from './account.service';
import { Caller, type Principal, Public, Roles } from './auth/principal';
import { ChangeSmsConsentsCommand } from './commands/change-sms-consents';
import { VerifyMobileNumberCommand } from './commands/verify-mobile-number';
import { VerificationService } from './verification.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly account: AccountService,
    private readonly verification: VerificationService,
    private readonly commands: CommandBus,
  ) {}

  @Post('signup')
  @Public()
  @HttpCode(201)
  @ResponseMessage(AUTH_MESSAGES.loggedIn)
  signUp(@Body() dto: SignUpDto, @Context() context: RequestContext): Promise<LoginResult> {
    return this.account.signUp(dto, context);
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.loggedIn)
  login(@Body() dto: LoginDto, @Context() context: RequestContext): Promise<LoginResult> {
    return this.account.login(dto, context);
  }

  @Post('guest')
  @Public()
  @HttpCode(200)
  guest(@Body() _dto: GuestLoginDto) {
    return this.account.guestToken();
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  refresh(
    @Body() dto: RefreshTokenDto,
    @Query() query: TimeZoneQuery,
    @Context() context: RequestContext,
  ): Promise<LoginResult> {
    return this.account.refresh(dto.refresh_token, query.timeZone ?? null, context);
  }

  /** The already-signed-in check. */
  @Post('check')
  @HttpCode(200)
  check(@Caller() caller: Principal, @Query() query: TimeZoneQuery) {
    return this.account.current(caller, query.timeZone ?? null);
  }

  @Post('logout')
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.loggedOut)
  async logout(@Caller() caller: Principal, @Context() context: RequestContext): Promise<null> {
    await this.account.logout(caller, context);
    return null;
  }

  @Post('forgot-password')
  @Public()
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.codeSent)
  async forgotPassword(
    @Body() dto: LookupEmailDto,
    @Context() context: RequestContext,
  ): Promise<null> {
    await this.verification.forgotPassword(dto.email, context);
    return null;
  }

  @Post('verify-code')
  @Public()
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.codeVerified)
  verifyCode(@Body() dto: VerifyCodeDto, @Context() context: RequestContext) {
    return this.verification.verifyResetCode(dto, context);
  }

  @Put('reset-password')
  @Public()
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.passwordUpdated)
  async resetPassword(
    @Body() dto: ResetPasswordDto,
    @Context() context: RequestContext,
  ): Promise<null> {
    await this.verification.resetPassword(dto, context);
    return null;
  }

  @Put('password')
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.passwordUpdated)
  async changePassword(
    @Caller() caller: Principal,
    @Body() dto: ChangePasswordDto,
    @Context() context: RequestContext,
  ): Promise<null> {
    await this.verification.changePassword(caller, dto, context);
    return null;
  }

  @Post('sms/send')
  @Roles('Patient')
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.smsSent)
  async sendSms(@Caller() caller: Principal, @Body() dto: SendSmsCodeDto): Promise<null> {
    await this.verification.sendMobileCode(caller, dto.mobile_number);
    return null;
  }

  @Post('sms/verify')
  @Roles('Patient')
  @HttpCode(200)
  @ResponseMessage(AUTH_MESSAGES.mobileVerified)
  verifySms(
    @Caller() caller: Principal,
    @Body() dto: VerifySmsCodeDto,
    @Context() context: RequestContext,
  ) {
    return this.commands.execute(new VerifyMobileNumberCommand(caller, dto.code, context));
  }

  @Put('sms/consents')
  @Roles('Patient')
  @HttpCode(200)
  consents(
    @Caller() caller: Principal,
    @Body() dto: SmsConsentsDto,
    @Context() context: RequestContext,
  ) {
    return this.commands.execute(new ChangeSmsConsentsCommand(caller, dto, context));
  }
}
