import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EndHoldCommand } from '../../scheduling/commands/end-hold';
import { SchedulingReader } from '../../scheduling/queries/scheduling-reader';
import { WaitlistLines } from '../waitlist-lines';
import { EndOfferCommand, WAITLIST_OFFERS } from './end-offer';

const OFFER_STATUS = { booked: 'Accepted', released: 'Declined', expired: 'Expired' } as const;

/** Ends an offer whose hold is past its time, through the slot (a booking that won stands). */
export class ExpireOfferCommand extends Command<void> {
  constructor(
    readonly calendarId: string,
    readonly offerId: string,
  ) {
    super();
  }
}

@CommandHandler(ExpireOfferCommand)
export class ExpireOfferHandler implements ICommandHandler<ExpireOfferCommand> {
  constructor(
    private readonly lines: WaitlistLines,
    private readonly scheduling: SchedulingReader,
    private readonly commands: CommandBus,
  ) {}

  async execute({ calendarId, offerId }: ExpireOfferCommand): Promise<void> {
    const offer = (await this.lines.line(calendarId)).state.offers.get(offerId);
    if (!offer || offer.status !== 'Offered') return;
    const { start, holdId } = offer;
    await this.commands.execute(
      new EndHoldCommand({ calendarId, start, holdId, by: 'expiry' }, null, WAITLIST_OFFERS),
    );
    // What the slot decided for the hold, whoever came first: the offer records it.
    const ending = (await this.scheduling.slot(calendarId, start)).endedHolds.get(holdId);
    if (!ending) return;
    await this.commands.execute(
      new EndOfferCommand(
        calendarId,
        offerId,
        OFFER_STATUS[ending.by],
        ending.by === 'booked' ? ending.appointmentId : null,
      ),
    );
  }
}
