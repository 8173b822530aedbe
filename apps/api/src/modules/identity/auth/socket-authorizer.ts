import { type RoomName, STATUS_MESSAGES } from '@medbook/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  LiveAccess,
  type SocketAuthorizer,
  type SocketIdentity,
} from '../../../infra/realtime/live-access';
import { AccessPolicy } from './access-policy';
import { AuthGuard } from './auth.guard';
import type { Principal } from './principal';

export type RoomRule = (caller: Principal, id: string) => Promise<boolean>;

/** The socket handshake takes the same access tokens as HTTP; each room join is authorised. */
@Injectable()
export class IdentitySocketAuthorizer implements SocketAuthorizer, OnModuleInit {
  constructor(
    private readonly live: LiveAccess,
    private readonly guard: AuthGuard,
    private readonly policy: AccessPolicy,
  ) {}

  private readonly rules = new Map<string, RoomRule>();

  onModuleInit(): void {
    this.live.use(this);
  }

  /** Another context decides who may join its rooms (`appointment:<id>` ...). */
  addRule(kind: string, rule: RoomRule): void {
    this.rules.set(kind, rule);
  }

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

  mayJoin(identity: SocketIdentity, room: RoomName): Promise<boolean> {
    const principal = { ...identity, type: identity.type as never };
    if (room === 'ops') return Promise.resolve(true);
    const [kind, id] = room.split(':') as [string, string];
    switch (kind) {
      case 'user':
        return Promise.resolve(identity.userId === id && identity.type !== 'Guest');
      case 'practice':
        return Promise.resolve(this.policy.mayWorkForPractice(principal, id));
      case 'calendar':
        // Availability is public: visitors watch it with a guest token.
        return Promise.resolve(true);
      default: {
        const rule = this.rules.get(kind);
        return rule && identity.type !== 'Guest' ? rule(principal, id) : Promise.resolve(false);
      }
    }
  }
}
