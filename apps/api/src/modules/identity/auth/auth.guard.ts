import { AUTH_MESSAGES, STATUS_MESSAGES, type UserType } from '@medbook/contracts';
import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain/domain-error';
import {
  ALLOWED_TYPES,
  type AuthenticatedRequest,
  GUESTS_ALLOWED,
  IS_PUBLIC,
  type Principal,
} from './principal';
import { SessionsRepository } from './sessions.repository';
import { InvalidTokenError, TokenService } from './token.service';

/**
 * Every HTTP route needs a signed-in caller unless marked @Public(): a valid bearer access token
 * whose session is still open. @Roles() narrows the user types; object checks happen in the
 * handlers, against the object.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionsRepository,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const token = bearerToken(request);
    if (!token) {
      if (isPublic) return true;
      throw new DomainError('unauthenticated', STATUS_MESSAGES[401]);
    }
    const principal = await this.authenticate(token).catch((error: unknown) => {
      if (isPublic) return null;
      throw error;
    });
    const guestsAllowed =
      this.reflector.getAllAndOverride<boolean>(GUESTS_ALLOWED, targets) ?? false;
    if (principal?.type === 'Guest' && guestsAllowed) {
      (request as AuthenticatedRequest).principal = principal;
      return true;
    }
    if (!principal || principal.type === 'Guest') {
      if (isPublic) return true;
      throw new DomainError('unauthenticated', STATUS_MESSAGES[401]);
    }
    (request as AuthenticatedRequest).principal = principal;
    const allowed = this.reflector.getAllAndOverride<UserType[] | undefined>(
      ALLOWED_TYPES,
      targets,
    );
    if (allowed && !allowed.includes(principal.type)) {
      throw new DomainError('forbidden', STATUS_MESSAGES[403]);
    }
    return true;
  }

  /** Verifies the token and that its session has not been ended (sign-out, disable, reset). */
  async authenticate(token: string): Promise<Principal> {
    let principal: Principal;
    try {
      principal = await this.tokens.verify(token);
    } catch (error) {
      const expired = error instanceof InvalidTokenError && error.expired;
      throw new DomainError(
        'unauthenticated',
        expired ? AUTH_MESSAGES.sessionEnded : STATUS_MESSAGES[401],
      );
    }
    if (principal.type !== 'Guest') {
      if (!principal.sessionId || !(await this.sessions.isActive(principal.sessionId))) {
        throw new DomainError('unauthenticated', AUTH_MESSAGES.sessionEnded);
      }
    }
    return principal;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(header);
  return match?.[1] ?? null;
}
