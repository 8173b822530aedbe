import type { UserType } from '@medbook/contracts';
import {
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** Who a verified access token says is calling. Guests have no session. */
export interface Principal {
  readonly userId: string;
  readonly type: UserType;
  readonly practiceId: string | null;
  readonly sessionId: string | null;
}

export type AuthenticatedRequest = FastifyRequest & { principal?: Principal };

export const IS_PUBLIC = 'is_public';
export const GUESTS_ALLOWED = 'guests_allowed';
export const ALLOWED_TYPES = 'allowed_types';

/** Anyone may call this route; a valid token, when sent, still names the caller. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * Signed-in users and guests with a guest token may call this route (a video visit's invited
 * guest); the handler decides what the guest may do.
 */
export const GuestsAllowed = () => SetMetadata(GUESTS_ALLOWED, true);

/** Only these user types may call this route (403 for the others). */
export const Roles = (...types: UserType[]) => SetMetadata(ALLOWED_TYPES, types);

export function principalOf(request: FastifyRequest): Principal | null {
  return (request as AuthenticatedRequest).principal ?? null;
}

/** The signed-in caller; the guard has already refused requests without one. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = principalOf(ctx.switchToHttp().getRequest<FastifyRequest>());
  if (!principal) throw new UnauthorizedException();
  return principal;
});
