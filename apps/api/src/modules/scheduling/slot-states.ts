import { Injectable } from '@nestjs/common';
import { stream, type StreamSpec } from '../../infra/event-sourcing/command-pipeline';
import { FoldedStates } from '../../infra/event-sourcing/folded-states';
import { slotDecider } from './domain/slot.decider';
import { type SlotState, slotStreamId } from './domain/slot.events';

/**
 * Slots as folded by this process's holds and bookings. A booking reads only the slot's events
 * after the state remembered, and one that can be decided on that state (no hold, or a hold this
 * process saw made) decides its first attempt without reading at all. A booking's retry is
 * recognised in its appointment's stream, always read whole, so no booking needs the slot's
 * earlier events; a hold's retry is recognised in the slot's own events, so a hold reads the slot
 * whole and only leaves its state here.
 */
@Injectable()
export class SlotStates {
  private readonly folded = new FoldedStates<SlotState>();

  /** The slot's stream for a booking: read from the state remembered. */
  stream(calendarId: string, start: string): StreamSpec<SlotState> {
    return stream(slotStreamId(calendarId, start), slotDecider, this.folded);
  }

  /** The slot's stream for a hold: read whole, its state then remembered for the booking. */
  streamReadWhole(calendarId: string, start: string): StreamSpec<SlotState> {
    return stream(slotStreamId(calendarId, start), slotDecider, this.folded, { readWhole: true });
  }

  /** Whether the slot as remembered holds this hold (made or seen by this process). */
  remembersHold(calendarId: string, start: string, holdId: string): boolean {
    return this.folded.get(slotStreamId(calendarId, start))?.state.holds.has(holdId) === true;
  }
}
