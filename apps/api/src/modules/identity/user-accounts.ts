import { createHash } from 'node:crypto';
import { type EventStore, WrongExpectedRevision } from '@medbook/event-store';
import { VALIDATION_MESSAGES } from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../../infra/clock';
import { fold } from '../../domain/decider';
import { CommandPipeline } from '../../infra/event-sourcing/command-pipeline';
import { metadataOf } from '../../infra/event-sourcing/metadata';
import { eventIdFor } from '../../infra/event-sourcing/event-ids';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { ConflictError } from '../../domain/domain-error';
import type { RequestContext } from '../../infra/http/request-context';
import { type UserCommand, userDecider } from './domain/user.decider';
import {
  type UserEvent,
  type UserProfile,
  type UserState,
  userStreamId,
} from './domain/user.events';

/** One stream per email address: its first event claims the address for one user. */
export const emailStreamId = (email: string): string =>
  `user-email-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** The write side of users: streams folded on demand, so reads here are always current. */
@Injectable()
export class UserAccounts {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly pipeline: CommandPipeline,
  ) {}

  async load(userId: string): Promise<UserState> {
    const events = await this.store.readStream(userStreamId(userId));
    return fold(
      userDecider,
      events.map((e) => ({ type: e.type, data: e.data }) as UserEvent),
    );
  }

  /** The user an email address belongs to, from its claim stream (never a lagging read model). */
  async userIdByEmail(email: string): Promise<string | null> {
    const [claim] = await this.store.readStream(emailStreamId(email), { maxCount: 1 });
    return claim ? (claim.data as { user_id: string }).user_id : null;
  }

  /**
   * Registers a user and claims the email in one atomic append: two sign-ups with one address
   * cannot both win.
   */
  async register(
    profile: UserProfile,
    context: RequestContext,
    commandId: string | null,
  ): Promise<{ position: number }> {
    const now = this.clock.now();
    const events = userDecider.decide(
      { type: 'RegisterUser', profile, now },
      userDecider.initialState(),
    );
    const metadata = metadataOf(context, commandId);
    try {
      const result = await this.store.appendToStreams([
        {
          streamId: emailStreamId(profile.email),
          expectedRevision: 'no_stream',
          events: [
            {
              id: eventIdFor(commandId, 100),
              type: 'EmailClaimed',
              data: { user_id: profile.user_id, claimed_at: now.toISOString() },
              metadata,
            },
          ],
        },
        {
          streamId: userStreamId(profile.user_id),
          expectedRevision: 'no_stream',
          events: events.map((event, index) => ({
            id: eventIdFor(commandId, index),
            type: event.type,
            data: event.data,
            metadata,
          })),
        },
      ]);
      return { position: result.position };
    } catch (error) {
      if (error instanceof WrongExpectedRevision) {
        throw new ConflictError(VALIDATION_MESSAGES.emailInUse);
      }
      throw error;
    }
  }

  async run(
    userId: string,
    command: UserCommand,
    context: RequestContext,
    commandId: string | null = null,
  ): Promise<{ position: number }> {
    const result = await this.pipeline.decideOn(userStreamId(userId), userDecider, {
      command,
      context,
      commandId,
    });
    return { position: result.position };
  }

  now(): Date {
    return this.clock.now();
  }
}
