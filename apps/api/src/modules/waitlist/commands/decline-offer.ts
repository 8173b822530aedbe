import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { EndHoldCommand } from '../../scheduling/commands/end-hold';
import { WaitlistLines } from '../waitlist-lines';
import { WaitlistOffers } from '../waitlist-offers';
import { EndOfferCommand } from './end-offer';

/** Gives the slot back; the hold's release passes it to the next patient in line. */
export class DeclineOfferCommand extends Command<{ position: number }> {
  constructor(
    readonly caller: Principal,
    readonly offerId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(DeclineOfferCommand)
export class DeclineOfferHandler implements ICommandHandler<DeclineOfferCommand> {
  constructor(
    private readonly offers: WaitlistOffers,
    private readonly lines: WaitlistLines,
    private readonly commands: CommandBus,
  ) {}

  async execute({ caller, offerId, context }: DeclineOfferCommand) {
    const { calendar_id: calendarId } = await this.offers.offerFor(caller, offerId);
    const offer = await this.lines.openOffer(calendarId, offerId);
    const released = await this.commands.execute(
      new EndHoldCommand(
        {
          calendarId,
          start: offer.start,
          holdId: offer.holdId,
          by: { patientId: offer.patientId },
        },
        null,
        context,
      ),
    );
    const ended = await this.commands.execute(
      new EndOfferCommand(calendarId, offerId, 'Declined', null),
    );
    return { position: Math.max(released.position ?? 0, ended ?? 0) };
  }
}
