import { BOOKING_MESSAGES } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';
import {
  evolveSlot,
  initialSlotState,
  remaining,
  type SlotEvent,
  type SlotState,
} from './slot.events';

interface SlotRef {
  readonly calendarId: string;
  readonly start: string;
  /** The calendar's capacity per slot now, read from its stream by the command: the slot's limit. */
  readonly capacity: number;
  readonly now: Date;
}

export type SlotCommand =
  | (SlotRef & {
      type: 'HoldSlot';
      holdId: string;
      patientId: string;
      holdMinutes: number;
    })
  | (SlotRef & { type: 'ReleaseHold'; holdId: string; patientId: string })
  | (SlotRef & { type: 'ExpireHold'; holdId: string })
  | (SlotRef & {
      type: 'BookSlot';
      appointmentId: string;
      patientId: string;
      holdId: string | null;
    })
  | (SlotRef & { type: 'CancelSlotBooking'; appointmentId: string });

export const HOLD_NOT_FOUND =
  'Your hold on this time slot has ended. Please choose the slot again.';

/**
 * Holds, bookings and cancels of one slot: places never below 0, never above the calendar's
 * capacity per slot, which follows the calendar (a decrease cancels no booking).
 */
export function decideSlot(command: SlotCommand, state: SlotState): SlotEvent[] {
  const at = command.now.toISOString();
  const base = { calendar_id: command.calendarId, start: command.start };
  switch (command.type) {
    case 'HoldSlot':
      if (remaining(state, command.capacity, command.now) <= 0)
        throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
      return [
        {
          type: 'SlotHeld',
          data: {
            ...base,
            hold_id: command.holdId,
            patient_id: command.patientId,
            capacity: command.capacity,
            expires_at: new Date(
              command.now.getTime() + command.holdMinutes * 60_000,
            ).toISOString(),
            held_at: at,
          },
        },
      ];
    case 'ReleaseHold': {
      const hold = state.holds.get(command.holdId);
      if (!hold || hold.patientId !== command.patientId) return [];
      return [
        {
          type: 'SlotHoldReleased',
          data: { ...base, hold_id: command.holdId, reason: 'released' },
        },
      ];
    }
    case 'ExpireHold': {
      const hold = state.holds.get(command.holdId);
      // Already booked, released or expired: a hold is released at most once.
      if (!hold || hold.expiresAt > at) return [];
      return [
        { type: 'SlotHoldReleased', data: { ...base, hold_id: command.holdId, reason: 'expired' } },
      ];
    }
    case 'BookSlot': {
      if (state.bookings.has(command.appointmentId)) return [];
      for (const [, patientId] of state.bookings) {
        if (patientId === command.patientId)
          throw new ConflictError(BOOKING_MESSAGES.patientAlreadyBooked);
      }
      const hold = command.holdId ? state.holds.get(command.holdId) : undefined;
      const holdIsValid = !!hold && hold.patientId === command.patientId && hold.expiresAt > at;
      if (!holdIsValid && remaining(state, command.capacity, command.now) <= 0) {
        throw new ConflictError(BOOKING_MESSAGES.alreadyBooked);
      }
      return [
        {
          type: 'SlotBooked',
          data: {
            ...base,
            appointment_id: command.appointmentId,
            patient_id: command.patientId,
            hold_id: holdIsValid ? command.holdId : null,
            capacity: command.capacity,
            booked_at: at,
          },
        },
      ];
    }
    case 'CancelSlotBooking':
      if (!state.bookings.has(command.appointmentId)) return [];
      return [
        {
          type: 'SlotBookingCanceled',
          data: { ...base, appointment_id: command.appointmentId, canceled_at: at },
        },
      ];
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const slotDecider: Decider<SlotCommand, SlotEvent, SlotState> = {
  initialState: initialSlotState,
  decide: decideSlot,
  evolve: evolveSlot,
};
