import { Injectable } from '@nestjs/common';
import type { RoomName } from '@medbook/contracts';

/** Who a socket belongs to, from its handshake token. */
export interface SocketIdentity {
  readonly userId: string;
  readonly type: string;
  readonly practiceId: string | null;
  readonly sessionId: string | null;
}

/** Decides who may connect and which rooms they may join; the identity module provides it. */
export interface SocketAuthorizer {
  /** Throws an Error whose message the client gets in `connect_error`. */
  authenticate(token: unknown): Promise<SocketIdentity>;
  mayJoin(identity: SocketIdentity, room: RoomName): Promise<boolean>;
}

/** Holds the authorizer; until one is registered every connection is refused. */
@Injectable()
export class LiveAccess implements SocketAuthorizer {
  private authorizer: SocketAuthorizer | null = null;

  use(authorizer: SocketAuthorizer): void {
    this.authorizer = authorizer;
  }

  authenticate(token: unknown): Promise<SocketIdentity> {
    if (!this.authorizer) return Promise.reject(new Error('Not ready'));
    return this.authorizer.authenticate(token);
  }

  mayJoin(identity: SocketIdentity, room: RoomName): Promise<boolean> {
    return this.authorizer ? this.authorizer.mayJoin(identity, room) : Promise.resolve(false);
  }
}
