import type { BookingResult } from '@medbook/contracts';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { eventIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import { BookAppointmentCommand } from '../../scheduling/commands/book-appointment';
import { WaitlistLines } from '../waitlist-lines';
import { WaitlistOffers } from '../waitlist-offers';
import { EndOfferCommand } from './end-offer';

/** Books the offered slot by consuming its hold: a hold already ended is a 409. */
export class AcceptOfferCommand extends Command<BookingResult> {
  constructor(
    readonly caller: Principal,
    readonly offerId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(AcceptOfferCommand)
export class AcceptOfferHandler implements ICommandHandler<AcceptOfferCommand> {
  constructor(
    private readonly offers: WaitlistOffers,
    private readonly lines: WaitlistLines,
    private readonly commands: CommandBus,
  ) {}

  async execute({ caller, offerId, context }: AcceptOfferCommand): Promise<BookingResult> {
    const { calendar_id: calendarId } = await this.offers.offerFor(caller, offerId);
    const offer = await this.lines.openOffer(calendarId, offerId);
    const bookedBy = caller.userId;
    const booked = await this.commands.execute(
      new BookAppointmentCommand(
        {
          calendarId,
          start: offer.start,
          patientId: offer.patientId,
          bookedBy,
          holdId: offer.holdId,
          reason: null,
          // One booking per offer, however often it is accepted.
          commandId: eventIdFor(offerId, 1),
          requireHold: true,
        },
        null,
        { ...context, onBehalfOf: offer.patientId === bookedBy ? null : offer.patientId },
      ),
    );
    const ended = await this.commands.execute(
      new EndOfferCommand(calendarId, offerId, 'Accepted', booked.appointment_id),
    );
    return { ...booked, position: Math.max(booked.position, ended ?? 0) };
  }
}
