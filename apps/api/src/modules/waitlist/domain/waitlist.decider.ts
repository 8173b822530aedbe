import {
  WAITLIST_MESSAGES,
  WAITLIST_REMOVAL_REASON_MAX_LENGTH,
  type WaitlistType,
} from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, InvalidError, NotFoundError } from '../../../domain/domain-error';
import {
  evolveWaitlist,
  initialWaitlistState,
  openOfferOf,
  type WaitlistEvent,
  type WaitlistState,
} from './waitlist.events';

export type WaitlistCommand =
  | {
      type: 'JoinWaitlist';
      calendarId: string;
      practiceId: string;
      providerId: string | null;
      resourceId: string | null;
      patientId: string;
      joinedBy: string;
      listType: WaitlistType;
      now: Date;
    }
  | { type: 'LeaveWaitlist'; calendarId: string; patientId: string; now: Date }
  | {
      type: 'MakeOffer';
      calendarId: string;
      offerId: string;
      patientId: string;
      start: string;
      holdId: string;
      expiresAt: string;
      triggerId: string;
      now: Date;
    }
  /** The practice offers a place it holds to a patient of its choosing on the list. */
  | {
      type: 'OfferSlotToPatient';
      calendarId: string;
      offerId: string;
      patientId: string;
      start: string;
      holdId: string;
      expiresAt: string;
      by: string;
      now: Date;
    }
  /** The practice takes a patient off the list; an open offer of theirs ends with it. */
  | {
      type: 'RemoveFromWaitlist';
      calendarId: string;
      patientId: string;
      by: string;
      /** The practice's reason, when it gives one. */
      note?: string;
      now: Date;
    }
  | {
      type: 'EndOffer';
      calendarId: string;
      offerId: string;
      status: 'Accepted' | 'Declined' | 'Expired';
      appointmentId: string | null;
      now: Date;
    };

/** Raised when an offer is decided on a line that changed meanwhile: decide it again. */
export class LineChanged extends ConflictError {
  constructor() {
    super('The waiting list changed meanwhile.');
  }
}

export function decideWaitlist(command: WaitlistCommand, state: WaitlistState): WaitlistEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'JoinWaitlist':
      if (state.entries.has(command.patientId))
        throw new ConflictError(WAITLIST_MESSAGES.alreadyOnList);
      return [
        {
          type: 'WaitlistJoined',
          data: {
            calendar_id: command.calendarId,
            patient_id: command.patientId,
            joined_by: command.joinedBy,
            provider_id: command.providerId,
            resource_id: command.resourceId,
            practice_id: command.practiceId,
            type: command.listType,
            seq: state.nextSeq,
            joined_at: at,
          },
        },
      ];
    case 'LeaveWaitlist':
    case 'RemoveFromWaitlist': {
      const removed = command.type === 'RemoveFromWaitlist';
      const note = removed ? command.note?.trim() : undefined;
      if (note && note.length > WAITLIST_REMOVAL_REASON_MAX_LENGTH) {
        throw new InvalidError(WAITLIST_MESSAGES.removalReasonTooLong);
      }
      if (!state.entries.has(command.patientId))
        throw new NotFoundError(
          removed ? WAITLIST_MESSAGES.patientNotOnList : WAITLIST_MESSAGES.notOnList,
        );
      const offer = openOfferOf(state, command.patientId);
      const ended: WaitlistEvent[] = offer
        ? [
            {
              type: 'WaitlistOfferEnded',
              data: {
                offer_id: offer.offerId,
                calendar_id: command.calendarId,
                patient_id: command.patientId,
                status: 'Declined',
                appointment_id: null,
                ended_at: at,
              },
            },
          ]
        : [];
      return [
        ...ended,
        {
          type: 'WaitlistLeft',
          data: {
            calendar_id: command.calendarId,
            patient_id: command.patientId,
            reason: removed ? 'removed' : 'left',
            ...(removed ? { removed_by: command.by } : {}),
            ...(note ? { note } : {}),
            left_at: at,
          },
        },
      ];
    }
    case 'OfferSlotToPatient': {
      if (state.offers.has(command.offerId)) return [];
      if (!state.entries.has(command.patientId))
        throw new NotFoundError(WAITLIST_MESSAGES.patientNotOnList);
      if (openOfferOf(state, command.patientId))
        throw new ConflictError(WAITLIST_MESSAGES.patientHasOffer);
      return [offerMade(command, at, { trigger_id: command.offerId, offered_by: command.by })];
    }
    case 'MakeOffer': {
      if (state.offers.has(command.offerId)) return [];
      // The line moved since the patient was chosen: the caller decides again.
      if (!state.entries.has(command.patientId) || openOfferOf(state, command.patientId))
        throw new LineChanged();
      return [offerMade(command, at, { trigger_id: command.triggerId })];
    }
    case 'EndOffer': {
      const offer = state.offers.get(command.offerId);
      // An offer ends once: what the slot decided first (booked, released, expired) stands.
      if (!offer || offer.status !== 'Offered') return [];
      const ended: WaitlistEvent = {
        type: 'WaitlistOfferEnded',
        data: {
          offer_id: offer.offerId,
          calendar_id: command.calendarId,
          patient_id: offer.patientId,
          status: command.status,
          appointment_id: command.appointmentId,
          ended_at: at,
        },
      };
      if (command.status !== 'Accepted' || !state.entries.has(offer.patientId)) return [ended];
      return [
        ended,
        {
          type: 'WaitlistLeft',
          data: {
            calendar_id: command.calendarId,
            patient_id: offer.patientId,
            reason: 'booked',
            left_at: at,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const waitlistDecider: Decider<WaitlistCommand, WaitlistEvent, WaitlistState> = {
  initialState: initialWaitlistState,
  decide: decideWaitlist,
  evolve: evolveWaitlist,
};

/** An offer of a held place, whoever chose the patient: the line's turn or the front desk. */
function offerMade(
  command: Extract<WaitlistCommand, { type: 'MakeOffer' | 'OfferSlotToPatient' }>,
  at: string,
  why: { readonly trigger_id: string; readonly offered_by?: string },
): WaitlistEvent {
  return {
    type: 'WaitlistOfferMade',
    data: {
      offer_id: command.offerId,
      calendar_id: command.calendarId,
      patient_id: command.patientId,
      start: command.start,
      hold_id: command.holdId,
      expires_at: command.expiresAt,
      offered_at: at,
      ...why,
    },
  };
}
