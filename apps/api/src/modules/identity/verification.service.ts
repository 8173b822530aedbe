import { setTimeout as sleep } from 'node:timers/promises';
import {
  AUTH_MESSAGES,
  type ChangePasswordDto,
  type ResetPasswordDto,
  VALIDATION_MESSAGES,
  type VerifyCodeDto,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { DomainError } from '../../domain/domain-error';
import type { RequestContext } from '../../infra/http/request-context';
import { AccountService } from './account.service';
import { OneTimeCodesRepository } from './auth/one-time-codes.repository';
import { PasswordHasher } from './auth/password-hasher';
import type { Principal } from './auth/principal';
import { MESSAGE_SENDER, type MessageSender } from './messaging/message-sender';
import { SecurityAudit } from './security-audit';
import { UserAccounts } from './user-accounts';
import { UsersRepository } from './users.repository';

const badRequest = (message: string) => new DomainError('invalid', message);

/** Password reset by an emailed code, password change, and mobile verification by SMS. */
@Injectable()
export class VerificationService {
  constructor(
    private readonly accounts: UserAccounts,
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodesRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: AccountService,
    private readonly audit: SecurityAudit,
    @Inject(MESSAGE_SENDER) private readonly sender: MessageSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Known and unknown emails get the same answer, and no sooner than a fixed time: the work for
   * a known one (a code, an email) happens inside that time.
   */
  async forgotPassword(email: string, context: RequestContext): Promise<void> {
    const floor = sleep(this.config.accountLookupMinMs);
    const userId = await this.accounts.userIdByEmail(email);
    if (userId) {
      const code = await this.codes.issue(userId, 'password_reset', email);
      await this.sender.sendEmail({
        to: email,
        subject: 'Your MedBook verification code',
        text: `Your verification code is ${code}. It expires in 15 minutes. If you did not ask to reset your password, ignore this email.`,
      });
      await this.audit.record('PasswordResetRequested', { user_id: userId }, context);
    }
    await floor;
  }

  async verifyResetCode(
    dto: VerifyCodeDto,
    context: RequestContext,
  ): Promise<{ reset_token: string }> {
    const floor = sleep(this.config.accountLookupMinMs);
    const userId = await this.accounts.userIdByEmail(dto.email);
    const check = userId ? await this.codes.check(userId, 'password_reset', dto.code) : null;
    if (!userId || !check || check.kind !== 'valid') {
      if (userId) await this.audit.record('PasswordResetCodeFailed', { user_id: userId }, context);
      await floor;
      throw badRequest(
        check?.kind === 'exhausted' ? AUTH_MESSAGES.tooManyCodeAttempts : AUTH_MESSAGES.invalidOtp,
      );
    }
    const resetToken = await this.codes.issueResetToken(userId);
    await floor;
    return { reset_token: resetToken };
  }

  async resetPassword(dto: ResetPasswordDto, context: RequestContext): Promise<void> {
    const userId = await this.codes.resetTokenUser(dto.reset_token);
    if (!userId) throw badRequest(AUTH_MESSAGES.passwordUpdateFailed);
    const credential = await this.users.credentialOf(userId);
    if (
      credential?.passwordHash &&
      (await this.hasher.verify(credential.passwordHash, dto.password))
    ) {
      throw badRequest(VALIDATION_MESSAGES.passwordsMustDiffer);
    }
    if (!(await this.codes.spendResetToken(dto.reset_token))) {
      throw badRequest(AUTH_MESSAGES.passwordUpdateFailed);
    }
    const state = await this.accounts.load(userId);
    if (!state.profile) throw badRequest(AUTH_MESSAGES.passwordUpdateFailed);
    await this.users.setCredential(
      userId,
      state.profile.email,
      await this.hasher.hash(dto.password),
    );
    await this.sessions.endAllSessions(userId, 'password reset');
    await this.audit.record('PasswordReset', { user_id: userId }, context);
  }

  async changePassword(
    principal: Principal,
    dto: ChangePasswordDto,
    context: RequestContext,
  ): Promise<void> {
    const credential = await this.users.credentialOf(principal.userId);
    if (!credential || !(await this.hasher.verify(credential.passwordHash, dto.old_password))) {
      throw badRequest(AUTH_MESSAGES.passwordUpdateFailed);
    }
    if (await this.hasher.verify(credential.passwordHash, dto.password)) {
      throw badRequest(VALIDATION_MESSAGES.passwordsMustDiffer);
    }
    await this.users.setCredential(
      principal.userId,
      credential.email,
      await this.hasher.hash(dto.password),
    );
    await this.audit.record('PasswordChanged', { user_id: principal.userId }, context);
  }

  async sendMobileCode(principal: Principal, mobileNumber: string | undefined): Promise<void> {
    const state = await this.accounts.load(principal.userId);
    const to = mobileNumber ?? state.profile?.mobile_number;
    if (!to) throw badRequest(VALIDATION_MESSAGES.required);
    const code = await this.codes.issue(principal.userId, 'mobile_verification', to);
    await this.sender.sendSms({ to, text: `Your MedBook verification code is ${code}.` });
  }
}
