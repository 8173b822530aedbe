import type { WaitlistOfferStatus, WaitlistType } from '@medbook/contracts';

/** One stream per calendar: its line (who waits, in which order) and its offers. */
export const waitlistStreamId = (calendarId: string): string => `waitlist-${calendarId}`;

export type WaitlistEvent =
  | {
      type: 'WaitlistJoined';
      data: {
        calendar_id: string;
        patient_id: string;
        /** The account that asked: the patient, or the patient whose family member it is. */
        joined_by: string;
        provider_id: string | null;
        resource_id: string | null;
        practice_id: string;
        type: WaitlistType;
        /** Order in line: increases with every join on this calendar. */
        seq: number;
        joined_at: string;
      };
    }
  | {
      type: 'WaitlistLeft';
      data: {
        calendar_id: string;
        patient_id: string;
        /** 'removed': the practice took the patient off the list (issue 18). */
        reason: 'left' | 'booked' | 'removed';
        /** Who removed them (a practice user); absent when the patient left or booked. */
        removed_by?: string;
        /** The practice's reason for a removal, when it gave one. */
        note?: string;
        left_at: string;
      };
    }
  | {
      type: 'WaitlistOfferMade';
      data: {
        offer_id: string;
        calendar_id: string;
        patient_id: string;
        start: string;
        /** The hold placed on the slot for the patient: nobody else can take it meanwhile. */
        hold_id: string;
        expires_at: string;
        offered_at: string;
        /**
         * The event that freed the slot (a cancel, a released hold, a capacity rise); for a place
         * the practice offered by hand, the offer's own id.
         */
        trigger_id: string;
        /** The practice user who chose the patient; absent when the next in line was offered it. */
        offered_by?: string;
      };
    }
  | {
      type: 'WaitlistOfferEnded';
      data: {
        offer_id: string;
        calendar_id: string;
        patient_id: string;
        status: Exclude<WaitlistOfferStatus, 'Offered'>;
        appointment_id: string | null;
        ended_at: string;
      };
    };

export interface WaitlistEntry {
  readonly patientId: string;
  readonly seq: number;
}

export interface WaitlistOffer {
  readonly offerId: string;
  readonly patientId: string;
  readonly start: string;
  readonly holdId: string;
  readonly expiresAt: string;
  readonly triggerId: string;
  readonly status: WaitlistOfferStatus;
}

export interface WaitlistState {
  readonly entries: ReadonlyMap<string, WaitlistEntry>;
  readonly offers: ReadonlyMap<string, WaitlistOffer>;
  readonly nextSeq: number;
}

export const initialWaitlistState = (): WaitlistState => ({
  entries: new Map(),
  offers: new Map(),
  nextSeq: 1,
});

export function evolveWaitlist(state: WaitlistState, event: WaitlistEvent): WaitlistState {
  switch (event.type) {
    case 'WaitlistJoined': {
      const entries = new Map(state.entries);
      entries.set(event.data.patient_id, { patientId: event.data.patient_id, seq: event.data.seq });
      return { ...state, entries, nextSeq: Math.max(state.nextSeq, event.data.seq + 1) };
    }
    case 'WaitlistLeft': {
      const entries = new Map(state.entries);
      entries.delete(event.data.patient_id);
      return { ...state, entries };
    }
    case 'WaitlistOfferMade': {
      const d = event.data;
      const offers = new Map(state.offers);
      offers.set(d.offer_id, {
        offerId: d.offer_id,
        patientId: d.patient_id,
        start: d.start,
        holdId: d.hold_id,
        expiresAt: d.expires_at,
        triggerId: d.trigger_id,
        status: 'Offered',
      });
      return { ...state, offers };
    }
    case 'WaitlistOfferEnded': {
      const offer = state.offers.get(event.data.offer_id);
      if (!offer) return state;
      const offers = new Map(state.offers);
      offers.set(offer.offerId, { ...offer, status: event.data.status });
      return { ...state, offers };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The patient's open offer on this calendar, if any. */
export function openOfferOf(state: WaitlistState, patientId: string): WaitlistOffer | null {
  for (const offer of state.offers.values()) {
    if (offer.patientId === patientId && offer.status === 'Offered') return offer;
  }
  return null;
}

export function offerOfHold(state: WaitlistState, holdId: string): WaitlistOffer | null {
  for (const offer of state.offers.values()) if (offer.holdId === holdId) return offer;
  return null;
}

/**
 * The next patient in line for a freed slot: first come, first served, skipping those who hold an
 * open offer already and those who were offered this very slot before (declined or let it expire).
 */
export function nextInLine(
  state: WaitlistState,
  start: string,
  eligible: (patientId: string) => boolean = () => true,
): WaitlistEntry | null {
  const offeredThisSlot = new Set<string>();
  const withOpenOffer = new Set<string>();
  for (const offer of state.offers.values()) {
    if (offer.start === start) offeredThisSlot.add(offer.patientId);
    if (offer.status === 'Offered') withOpenOffer.add(offer.patientId);
  }
  const line = [...state.entries.values()].sort((a, b) => a.seq - b.seq);
  return (
    line.find(
      (entry) =>
        !offeredThisSlot.has(entry.patientId) &&
        !withOpenOffer.has(entry.patientId) &&
        eligible(entry.patientId),
    ) ?? null
  );
}
