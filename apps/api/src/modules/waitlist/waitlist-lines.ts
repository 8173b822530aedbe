import { WAITLIST_MESSAGES } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError } from '../../domain/domain-error';
import {
  CommandPipeline,
  type Loaded,
  stream,
  type StreamSpec,
} from '../../infra/event-sourcing/command-pipeline';
import { waitlistDecider } from './domain/waitlist.decider';
import { type WaitlistOffer, type WaitlistState, waitlistStreamId } from './domain/waitlist.events';

export const WAITLIST_BUSY = 'The waiting list is too busy. Please try again.';

/**
 * The waiting list of each calendar is one stream: joining, leaving and offers are decided on it
 * at its expected revision, so concurrent joins get distinct places and one patient joins once.
 */
@Injectable()
export class WaitlistLines {
  constructor(private readonly pipeline: CommandPipeline) {}

  stream(calendarId: string): StreamSpec<WaitlistState> {
    return stream(waitlistStreamId(calendarId), waitlistDecider);
  }

  /** The line as it stands now, with its events (where each patient joined, in the log). */
  async line(calendarId: string): Promise<Loaded<WaitlistState>> {
    const [line] = await this.pipeline.read([this.stream(calendarId)]);
    return line;
  }

  /** An offer still open on the calendar's line: 404 when there is none, 409 once it ended. */
  async openOffer(calendarId: string, offerId: string): Promise<WaitlistOffer> {
    const offer = (await this.line(calendarId)).state.offers.get(offerId);
    if (!offer) throw new NotFoundError(WAITLIST_MESSAGES.offerNotFound);
    if (offer.status !== 'Offered') throw new ConflictError(WAITLIST_MESSAGES.offerEnded);
    return offer;
  }
}
