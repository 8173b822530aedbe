import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { systemContext } from '../../../infra/http/request-context';
import { waitlistDecider } from '../domain/waitlist.decider';
import { WAITLIST_BUSY, WaitlistLines } from '../waitlist-lines';

export const WAITLIST_OFFERS = systemContext('waitlist-offers');

/**
 * Records what the slot decided for an offer's hold, at most once: answers the position of the
 * offer's end, or null when it had ended already.
 */
export class EndOfferCommand extends Command<number | null> {
  constructor(
    readonly calendarId: string,
    readonly offerId: string,
    readonly status: 'Accepted' | 'Declined' | 'Expired',
    readonly appointmentId: string | null,
  ) {
    super();
  }
}

@CommandHandler(EndOfferCommand)
export class EndOfferHandler implements ICommandHandler<EndOfferCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly lines: WaitlistLines,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ calendarId, offerId, status, appointmentId }: EndOfferCommand) {
    return this.pipeline.run({
      commandId: null,
      context: WAITLIST_OFFERS,
      busy: WAITLIST_BUSY,
      read: [this.lines.stream(calendarId)],
      decide: ([line]) => {
        const events = waitlistDecider.decide(
          { type: 'EndOffer', calendarId, offerId, status, appointmentId, now: this.clock.now() },
          line.state,
        );
        return events.length === 0
          ? { append: [], reply: (): number | null => null }
          : { append: [{ streamId: line.streamId, events }] };
      },
      answer: (committed): number | null => committed.position,
    });
  }
}
