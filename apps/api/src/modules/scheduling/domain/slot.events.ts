/** One stream per slot: its capacity, holds and bookings are one consistency boundary. */
export const slotStreamId = (calendarId: string, start: string): string =>
  `slot-${calendarId}-${start}`;

export type SlotEvent =
  | {
      type: 'SlotHeld';
      data: {
        calendar_id: string;
        start: string;
        hold_id: string;
        patient_id: string;
        /** The calendar's capacity per slot when the hold was decided (a record, not the limit). */
        capacity: number;
        expires_at: string;
        held_at: string;
      };
    }
  | {
      type: 'SlotHoldReleased';
      data: { calendar_id: string; start: string; hold_id: string; reason: 'released' | 'expired' };
    }
  | {
      type: 'SlotBooked';
      data: {
        calendar_id: string;
        start: string;
        appointment_id: string;
        patient_id: string;
        /** The hold this booking consumed, if any: its place passes to the booking. */
        hold_id: string | null;
        /** The calendar's capacity per slot when the booking was decided (a record, not the limit). */
        capacity: number;
        booked_at: string;
      };
    }
  | {
      type: 'SlotBookingCanceled';
      data: { calendar_id: string; start: string; appointment_id: string; canceled_at: string };
    };

export interface SlotHold {
  readonly patientId: string;
  readonly expiresAt: string;
}

/** How a hold ended: taken by a booking, or released (by its patient) or expired. */
export type HoldEnding =
  | { readonly by: 'booked'; readonly appointmentId: string }
  | { readonly by: 'released' | 'expired' };

/**
 * A slot's holds and bookings. Its limit is not kept here: it is the calendar's capacity per slot
 * now, which every command passes in, so a capacity change applies to slots already started.
 */
export interface SlotState {
  readonly holds: ReadonlyMap<string, SlotHold>;
  readonly bookings: ReadonlyMap<string, string>;
  /** Holds that ended, by hold id: what the slot decided first stands. */
  readonly endedHolds: ReadonlyMap<string, HoldEnding>;
}

export const initialSlotState = (): SlotState => ({
  holds: new Map(),
  bookings: new Map(),
  endedHolds: new Map(),
});

/**
 * Places still free: the calendar's capacity less live holds and bookings, never below 0 (after a
 * decrease, bookings above the new capacity are kept and no place is offered). A hold past its
 * time no longer counts, even before the scheduler's expiry event.
 */
export function remaining(state: SlotState, capacity: number, now?: Date): number {
  const at = now?.toISOString();
  let holds = 0;
  for (const hold of state.holds.values()) if (!at || hold.expiresAt > at) holds += 1;
  return Math.max(0, capacity - holds - state.bookings.size);
}

export function evolveSlot(state: SlotState, event: SlotEvent): SlotState {
  switch (event.type) {
    case 'SlotHeld': {
      const holds = new Map(state.holds);
      holds.set(event.data.hold_id, {
        patientId: event.data.patient_id,
        expiresAt: event.data.expires_at,
      });
      return { ...state, holds };
    }
    case 'SlotHoldReleased': {
      const holds = new Map(state.holds);
      holds.delete(event.data.hold_id);
      const ending = { by: event.data.reason } as const;
      return { ...state, holds, endedHolds: ended(state, event.data.hold_id, ending) };
    }
    case 'SlotBooked': {
      const { hold_id: holdId, appointment_id: appointmentId } = event.data;
      const holds = new Map(state.holds);
      if (holdId) holds.delete(holdId);
      const bookings = new Map(state.bookings);
      bookings.set(appointmentId, event.data.patient_id);
      const endedHolds = holdId
        ? ended(state, holdId, { by: 'booked', appointmentId })
        : state.endedHolds;
      return { holds, bookings, endedHolds };
    }
    case 'SlotBookingCanceled': {
      const bookings = new Map(state.bookings);
      bookings.delete(event.data.appointment_id);
      return { ...state, bookings };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** A hold ends once: a later event for it changes nothing. */
function ended(
  state: SlotState,
  holdId: string,
  ending: HoldEnding,
): ReadonlyMap<string, HoldEnding> {
  if (state.endedHolds.has(holdId)) return state.endedHolds;
  return new Map(state.endedHolds).set(holdId, ending);
}
