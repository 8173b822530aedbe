import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { RoomName } from '@medbook/contracts';

/** Who a socket belongs to, from its handshake token. */
export interface SocketIdentity {
  readonly userId: string;
  readonly type: string;
  readonly practiceId: string | null;
  readonly sessionId: string | null;
}

/** Who may connect: the identity module provides it under SOCKET_AUTHENTICATION. */
export interface SocketAuthentication {
  /** Throws an Error whose message the client gets in `connect_error`. */
  authenticate(token: unknown): Promise<SocketIdentity>;
}

/** Who may join a room of one kind, by the room's id (`''` for `ops`). */
export type RoomRule = (identity: SocketIdentity, id: string) => Promise<boolean>;

/** A module's rules for the kinds of room it publishes to (`appointment` for `appointment:<id>`). */
export type RoomRules = Readonly<Record<string, RoomRule>>;

export const SOCKET_AUTHENTICATION = Symbol('SOCKET_AUTHENTICATION');

/**
 * A multi-provider: every module provides its own RoomRules under this token
 * (`{ provide: ROOM_RULES, useFactory, inject }`), and live access gathers them all.
 */
export const ROOM_RULES = Symbol('ROOM_RULES');

interface Gathered {
  readonly authentication: SocketAuthentication | null;
  readonly rules: ReadonlyMap<string, RoomRule>;
}

/** Decides who may connect and which rooms they may join; until provided, nobody and none. */
@Injectable()
export class LiveAccess {
  private gathered: Gathered | null = null;

  constructor(private readonly discovery: DiscoveryService) {}

  authenticate(token: unknown): Promise<SocketIdentity> {
    const { authentication } = this.providers();
    if (!authentication) return Promise.reject(new Error('Not ready'));
    return authentication.authenticate(token);
  }

  mayJoin(identity: SocketIdentity, room: RoomName): Promise<boolean> {
    const [kind, id = ''] = room.split(':') as [string, string?];
    const rule = this.providers().rules.get(kind);
    return rule ? rule(identity, id) : Promise.resolve(false);
  }

  /** Gathered once the modules' providers exist (sockets connect after bootstrap). */
  private providers(): Gathered {
    if (this.gathered) return this.gathered;
    let authentication: SocketAuthentication | null = null;
    const rules = new Map<string, RoomRule>();
    for (const wrapper of this.discovery.getProviders()) {
      if (!wrapper.isDependencyTreeStatic() || !wrapper.instance) continue;
      if (wrapper.token === SOCKET_AUTHENTICATION) {
        authentication = wrapper.instance as SocketAuthentication;
      }
      if (wrapper.token === ROOM_RULES) {
        for (const [kind, rule] of Object.entries(wrapper.instance as RoomRules)) {
          rules.set(kind, rule);
        }
      }
    }
    const gathered = { authentication, rules };
    if (authentication) this.gathered = gathered;
    return gathered;
  }
}
