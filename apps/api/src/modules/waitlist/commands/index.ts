import { AcceptOfferHandler } from './accept-offer';
import { DeclineOfferHandler } from './decline-offer';
import { EndOfferHandler } from './end-offer';
import { ExpireOfferHandler } from './expire-offer';
import { JoinWaitlistHandler } from './join-waitlist';
import { LeaveWaitlistHandler } from './leave-waitlist';
import { OfferFreedSlotHandler } from './offer-freed-slot';
import { OfferSlotToPatientHandler } from './offer-slot-to-patient';
import { RemoveFromWaitlistHandler } from './remove-from-waitlist';

/** The waiting lists' use cases on the command bus. */
export const WAITLIST_COMMAND_HANDLERS = [
  JoinWaitlistHandler,
  LeaveWaitlistHandler,
  OfferFreedSlotHandler,
  AcceptOfferHandler,
  DeclineOfferHandler,
  ExpireOfferHandler,
  EndOfferHandler,
  OfferSlotToPatientHandler,
  RemoveFromWaitlistHandler,
];
