import type { EventStore } from '@medbook/event-store';
import { Inject, Injectable } from '@nestjs/common';
import { fold } from '../../domain/decider';
import { CLOCK, type Clock } from '../../infra/clock';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import {
  type EmailClaimEvent,
  emailClaimDecider,
  emailStreamId,
} from './domain/email-claim.decider';
import { userDecider } from './domain/user.decider';
import { type UserEvent, type UserState, userStreamId } from './domain/user.events';

/**
 * Users as their streams say now: folded on demand, so these reads are always current (sign-in
 * and access checks cannot wait for a read model). Changes go through the identity commands.
 */
@Injectable()
export class UserAccounts {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async load(userId: string): Promise<UserState> {
    const events = await this.store.readStream(userStreamId(userId));
    return fold(userDecider, events as readonly UserEvent[]);
  }

  /** The user an email address belongs to, from its claim stream (never a lagging read model). */
  async userIdByEmail(email: string): Promise<string | null> {
    const claim = await this.store.readStream(emailStreamId(email), { maxCount: 1 });
    return fold(emailClaimDecider, claim as readonly EmailClaimEvent[]).userId;
  }

  now(): Date {
    return this.clock.now();
  }
}
