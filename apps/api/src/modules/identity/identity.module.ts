import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ROOM_RULES, SOCKET_AUTHENTICATION } from '../../infra/realtime/live-access';
import { AccountService } from './account.service';
import { AccessPolicy } from './auth/access-policy';
import { AuthGuard } from './auth/auth.guard';
import { LoginThrottleRepository } from './auth/login-throttle.repository';
import { OneTimeCodesRepository } from './auth/one-time-codes.repository';
import { PasswordHasher } from './auth/password-hasher';
import { SessionsRepository } from './auth/sessions.repository';
import { identityRoomRules, IdentitySocketAuthorizer } from './auth/socket-authorizer';
import { TokenService } from './auth/token.service';
import { AuthController } from './auth.controller';
import { IDENTITY_COMMAND_HANDLERS } from './commands';
import {
  MESSAGE_SENDER,
  messageSenderProvider,
  OutboxMessageSender,
} from './messaging/message-sender';
import { OutboxController } from './messaging/outbox.controller';
import { PatientRecords } from './patient-records';
import { SecurityAudit } from './security-audit';
import { SocialSignInController } from './social-sign-in.controller';
import { SocialSignInService } from './social-sign-in.service';
import { TicketsRepository } from './auth/tickets.repository';
import { UserAccounts } from './user-accounts';
import { UserQueries } from './user-queries';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { VerificationService } from './verification.service';

@Module({
  controllers: [AuthController, SocialSignInController, UsersController, OutboxController],
  providers: [
    ...IDENTITY_COMMAND_HANDLERS,
    TokenService,
    PasswordHasher,
    SessionsRepository,
    LoginThrottleRepository,
    OneTimeCodesRepository,
    OutboxMessageSender,
    messageSenderProvider,
    UsersRepository,
    UserAccounts,
    UserQueries,
    PatientRecords,
    SecurityAudit,
    AccountService,
    VerificationService,
    AccessPolicy,
    AuthGuard,
    { provide: APP_GUARD, useExisting: AuthGuard },
    IdentitySocketAuthorizer,
    { provide: SOCKET_AUTHENTICATION, useExisting: IdentitySocketAuthorizer },
    { provide: ROOM_RULES, useFactory: identityRoomRules, inject: [AccessPolicy] },
    TicketsRepository,
    SocialSignInService,
  ],
  exports: [
    AccessPolicy,
    UserAccounts,
    AccountService,
    TokenService,
    UsersRepository,
    MESSAGE_SENDER,
  ],
})
export class IdentityModule {}
