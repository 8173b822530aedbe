import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { emailClaimDecider, emailStreamId } from '../domain/email-claim.decider';
import { userDecider } from '../domain/user.decider';
import { type UserProfile, userStreamId } from '../domain/user.events';

/** A new user, with a password or none (social accounts); the credential is kept apart. */
export class RegisterUserCommand extends Command<{ position: number }> {
  constructor(
    readonly profile: UserProfile,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** Registers the user and claims the email in one atomic append. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ profile, context }: RegisterUserCommand): Promise<{ position: number }> {
    const now = this.clock.now();
    const emailStream = emailStreamId(profile.email);
    const userStream = userStreamId(profile.user_id);
    return this.pipeline.run({
      commandId: null,
      context,
      read: [stream(emailStream, emailClaimDecider), stream(userStream, userDecider)],
      decide: ([email, user]) => ({
        append: [
          {
            streamId: emailStream,
            events: emailClaimDecider.decide(
              { type: 'ClaimEmail', userId: profile.user_id, now },
              email.state,
            ),
          },
          {
            streamId: userStream,
            events: userDecider.decide({ type: 'RegisterUser', profile, now }, user.state),
          },
        ],
      }),
      answer: ({ position }) => ({ position }),
    });
  }
}
