import { randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type LoginDto,
  type LoginResult,
  type SignUpDto,
  type SocialProvider,
  type UserType,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { DATABASE, type Database } from '../../infra/database/database';
import { DomainError } from '../../domain/domain-error';
import type { RequestContext } from '../../infra/http/request-context';
import {
  LIVE_PUBLISHER,
  type SocketLivePublisher,
} from '../../infra/realtime/socket-live-publisher';
import { LoginThrottleRepository } from './auth/login-throttle.repository';
import { PasswordHasher } from './auth/password-hasher';
import type { Principal } from './auth/principal';
import { SessionsRepository } from './auth/sessions.repository';
import { TokenService } from './auth/token.service';
// The reviews read model says whether the practice uses reputation management (a plain query).
import { reputationSettingOf } from '../reviews/reputation-business';
import { RegisterUserCommand } from './commands/register-user';
import type { UserProfile, UserState } from './domain/user.events';
import { SecurityAudit } from './security-audit';
import { UserAccounts } from './user-accounts';
import { userView } from './user-view';
import { UsersRepository } from './users.repository';

export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super('unauthenticated', message);
  }
}

export interface NewAccount {
  readonly type: UserType;
  readonly practiceId: string | null;
  readonly socialProvider: SocialProvider | null;
}

const PATIENT: NewAccount = { type: 'Patient', practiceId: null, socialProvider: null };

/** Sign-up, sign-in, sessions and sign-out. */
@Injectable()
export class AccountService {
  constructor(
    private readonly accounts: UserAccounts,
    private readonly commands: CommandBus,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly sessions: SessionsRepository,
    private readonly throttle: LoginThrottleRepository,
    private readonly audit: SecurityAudit,
    @Inject(LIVE_PUBLISHER) private readonly live: SocketLivePublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  /** Creates the account and, as the spec's "Signup 200 logs in", answers a signed-in session. */
  async signUp(dto: SignUpDto, context: RequestContext): Promise<LoginResult> {
    const userId = await this.createAccount(dto, context, PATIENT);
    return this.openSession(userId, dto.time_zone ?? null, context);
  }

  /** Registers a user with a password (or none, for social accounts); answers the user id. */
  async createAccount(
    dto: Omit<SignUpDto, 'password'> & { password?: string | null },
    context: RequestContext,
    account: NewAccount,
  ): Promise<string> {
    const userId = randomUUID();
    const passwordHash = dto.password ? await this.hasher.hash(dto.password) : null;
    const profile: UserProfile = {
      user_id: userId,
      type: account.type,
      email: dto.email.trim(),
      first_name: dto.first_name.trim(),
      last_name: dto.last_name.trim(),
      middle_name: dto.middle_name?.trim() || null,
      birth_date: dto.birth_date ?? null,
      gender: dto.gender ?? null,
      mobile_number: ('mobile_number' in dto ? dto.mobile_number : null) ?? null,
      zip_code: ('zip_code' in dto ? dto.zip_code : null) ?? null,
      time_zone: 'time_zone' in dto ? (dto.time_zone ?? null) : null,
      practice_id: account.practiceId,
      social_provider: account.socialProvider,
      sms_alerts_consent: ('sms_alerts_consent' in dto ? dto.sms_alerts_consent : false) ?? false,
    };
    await this.commands.execute(new RegisterUserCommand(profile, context));
    await this.users.setCredential(userId, profile.email, passwordHash);
    return userId;
  }

  async login(dto: LoginDto, context: RequestContext): Promise<LoginResult> {
    const account = dto.username.trim().toLowerCase();
    if (await this.throttle.isBlocked(account, context.ip)) {
      await this.audit.record('SignInThrottled', { user_id: null, account }, context);
      throw new DomainError('rate_limited', AUTH_MESSAGES.tooManyAttempts);
    }
    const credential = await this.users.credentialByEmail(account);
    const valid = await this.hasher.verify(credential?.passwordHash ?? null, dto.password);
    if (!credential || !valid) {
      await this.throttle.recordFailure(account, context.ip);
      await this.audit.record(
        'SignInFailed',
        { user_id: credential?.userId ?? null, account },
        context,
      );
      throw new UnauthorizedError(AUTH_MESSAGES.invalidLogin);
    }
    await this.throttle.clear(account);
    return this.openSession(credential.userId, dto.time_zone ?? null, context);
  }

  /** A new session for a user whose identity has been proven (password, code or social id). */
  async openSession(
    userId: string,
    timeZone: string | null,
    context: RequestContext,
  ): Promise<LoginResult> {
    const state = await this.accounts.load(userId);
    const profile = state.profile;
    if (!profile) throw new UnauthorizedError(AUTH_MESSAGES.invalidLogin);
    if (state.disabled) throw new DomainError('forbidden', AUTH_MESSAGES.accountDisabled);
    const { sessionId, refreshToken } = await this.sessions.start({
      userId,
      timeZone,
      ip: context.ip,
      userAgent: context.userAgent,
    });
    await this.audit.record(
      'SignedIn',
      { user_id: userId, session_id: sessionId },
      { ...context, actorId: userId, actorRole: profile.type },
    );
    return this.loginResult(state, sessionId, refreshToken, timeZone);
  }

  async refresh(
    refreshToken: string,
    timeZone: string | null,
    context: RequestContext,
  ): Promise<LoginResult> {
    const outcome = await this.sessions.rotate(refreshToken, timeZone);
    if (outcome.kind === 'invalid') throw new UnauthorizedError(AUTH_MESSAGES.sessionEnded);
    if (outcome.kind === 'reused') {
      this.live.disconnect(`session:${outcome.sessionId}`);
      await this.audit.record(
        'RefreshTokenReused',
        { user_id: outcome.userId, session_id: outcome.sessionId },
        context,
      );
      throw new UnauthorizedError(AUTH_MESSAGES.sessionEnded);
    }
    const state = await this.accounts.load(outcome.userId);
    if (!state.profile || state.disabled) {
      await this.sessions.revoke(outcome.sessionId, 'user disabled');
      throw new UnauthorizedError(AUTH_MESSAGES.sessionEnded);
    }
    return this.loginResult(state, outcome.sessionId, outcome.refreshToken, timeZone);
  }

  /** The already-signed-in check: the caller's user, with the session's time zone updated. */
  async current(principal: Principal, timeZone: string | null) {
    const state = await this.accounts.load(principal.userId);
    if (!state.profile || state.disabled) throw new UnauthorizedError(AUTH_MESSAGES.sessionEnded);
    if (principal.sessionId) await this.sessions.touch(principal.sessionId, timeZone);
    const credential = await this.users.credentialOf(principal.userId);
    return {
      user: userView(state, !!credential?.passwordHash),
      session_id: principal.sessionId,
      time_zone: timeZone,
    };
  }

  async logout(principal: Principal, context: RequestContext): Promise<void> {
    if (!principal.sessionId) return;
    await this.sessions.revoke(principal.sessionId, 'signed out');
    this.live.disconnect(`session:${principal.sessionId}`);
    await this.audit.record(
      'SignedOut',
      { user_id: principal.userId, session_id: principal.sessionId },
      context,
    );
  }

  /** Ends every session of a user and closes their sockets (disabled, password reset). */
  async endAllSessions(userId: string, reason: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId, reason);
    this.live.disconnect(`user:${userId}`);
  }

  async guestToken(): Promise<{ access_token: string; expires_in: number; user_id: string }> {
    const userId = randomUUID();
    const ttl = this.tokens.accessTokenTtlSeconds;
    const token = await this.tokens.sign(
      { userId, type: 'Guest', practiceId: null, sessionId: null },
      ttl,
    );
    return { access_token: token, expires_in: ttl, user_id: userId };
  }

  private async loginResult(
    state: UserState,
    sessionId: string,
    refreshToken: string,
    timeZone: string | null,
  ): Promise<LoginResult> {
    const profile = state.profile!;
    const [credential, reputation] = await Promise.all([
      this.users.credentialOf(profile.user_id),
      reputationSettingOf(this.database.db, this.config, profile.practice_id, profile.user_id),
    ]);
    const accessToken = await this.tokens.sign({
      userId: profile.user_id,
      type: profile.type,
      practiceId: profile.practice_id,
      sessionId,
    });
    return {
      user: userView(state, !!credential?.passwordHash),
      access_token: accessToken,
      refresh_token: refreshToken,
      session_id: sessionId,
      expires_in: this.tokens.accessTokenTtlSeconds,
      time_zone: timeZone,
      gateway_url: this.config.publicUrl,
      calendar_accept_reject_enabled: true,
      reputation_setting: reputation,
    };
  }
}
