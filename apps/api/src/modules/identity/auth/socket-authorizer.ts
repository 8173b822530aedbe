import { STATUS_MESSAGES } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import type {
  RoomRules,
  SocketAuthentication,
  SocketIdentity,
} from '../../../infra/realtime/live-access';
import { AccessPolicy } from './access-policy';
import { AuthGuard } from './auth.guard';
import type { Principal } from './principal';

const OPERATORS: ReadonlySet<string> = new Set(['SuperUser', 'SupportAgent']);

/** The socket handshake takes the same access tokens as HTTP. */
@Injectable()
export class IdentitySocketAuthorizer implements SocketAuthentication {
  constructor(private readonly guard: AuthGuard) {}

  async authenticate(token: unknown): Promise<SocketIdentity> {
    if (typeof token !== 'string' || token.length > 4000) {
      throw new Error(STATUS_MESSAGES[401]);
    }
    try {
      return await this.guard.authenticate(token);
    } catch (error) {
      throw new Error(error instanceof Error ? error.message : STATUS_MESSAGES[401], {
        cause: error,
      });
    }
  }
}

/** The socket's identity as the access policy reads callers. */
export const socketCaller = (identity: SocketIdentity): Principal => ({
  ...identity,
  type: identity.type as Principal['type'],
});

/** `user:<id>` is its user's own (not a guest's); `practice:<id>` its users'; `ops` operators'. */
export const identityRoomRules = (policy: AccessPolicy): RoomRules => ({
  ops: (identity) => Promise.resolve(OPERATORS.has(identity.type)),
  user: (identity, id) => Promise.resolve(identity.userId === id && identity.type !== 'Guest'),
  practice: (identity, id) =>
    Promise.resolve(policy.mayWorkForPractice(socketCaller(identity), id)),
});
