import { BOOKING_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError } from '../../../domain/domain-error';
import { slotDecider } from './slot.decider';
import { remaining, type SlotEvent } from './slot.events';

const now = new Date('2026-11-23T09:00:00Z');
const ref = { calendarId: 'cal', start: '2026-11-24T14:00:00Z', capacity: 2, now };
const given = DeciderSpecification.for(slotDecider);
/** Places left at the reference capacity after these events. */
const leftAfter = (events: readonly SlotEvent[]) =>
  remaining(fold(slotDecider, events), ref.capacity);
const held = (
  holdId: string,
  patientId: string,
  expiresAt = '2026-11-23T09:10:00.000Z',
): SlotEvent => ({
  type: 'SlotHeld',
  data: {
    calendar_id: 'cal',
    start: ref.start,
    hold_id: holdId,
    patient_id: patientId,
    capacity: 2,
    expires_at: expiresAt,
    held_at: now.toISOString(),
  },
});
const booked = (
  appointmentId: string,
  patientId: string,
  holdId: string | null = null,
): Extract<SlotEvent, { type: 'SlotBooked' }> => ({
  type: 'SlotBooked',
  data: {
    calendar_id: 'cal',
    start: ref.start,
    appointment_id: appointmentId,
    patient_id: patientId,
    hold_id: holdId,
    capacity: 2,
    booked_at: now.toISOString(),
  },
});
const canceled = (appointmentId: string): SlotEvent => ({
  type: 'SlotBookingCanceled',
  data: {
    calendar_id: 'cal',
    start: ref.start,
    appointment_id: appointmentId,
    canceled_at: now.toISOString(),
  },
});

describe('slot', () => {
  it('holds a place for ten minutes, taking it from the capacity', () => {
    given([])
      .when({ ...ref, type: 'HoldSlot', holdId: 'h1', patientId: 'p1', holdMinutes: 10 })
      .then([held('h1', 'p1')]);
    expect(leftAfter([held('h1', 'p1')])).toBe(1);
  });

  it('refuses a hold or a booking when no place is left, with the spec text', () => {
    const full = [booked('a1', 'p1'), held('h2', 'p2')];
    expect(leftAfter(full)).toBe(0);
    given(full)
      .when({ ...ref, type: 'HoldSlot', holdId: 'h3', patientId: 'p3', holdMinutes: 10 })
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
    given(full)
      .when({ ...ref, type: 'BookSlot', appointmentId: 'a3', patientId: 'p3', holdId: null })
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
  });

  it('lets a booking consume its own live hold even when the slot is otherwise full', () => {
    given([booked('a1', 'p1'), held('h2', 'p2')])
      .when({ ...ref, type: 'BookSlot', appointmentId: 'a2', patientId: 'p2', holdId: 'h2' })
      .then([booked('a2', 'p2', 'h2')]);
  });

  it("does not let a booking use someone else's hold", () => {
    given([booked('a1', 'p1'), held('h2', 'p2')])
      .when({ ...ref, type: 'BookSlot', appointmentId: 'a3', patientId: 'p3', holdId: 'h2' })
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
  });

  it('frees the place of a hold past its time at once, before its expiry event', () => {
    const later = { ...ref, now: new Date('2026-11-23T09:11:00Z') };
    // Anyone may take the place; the stale hold is not consumed, and expires on its own.
    given([booked('a1', 'p1'), held('h2', 'p2')])
      .when({ ...later, type: 'BookSlot', appointmentId: 'a3', patientId: 'p3', holdId: null })
      .then([
        {
          ...booked('a3', 'p3'),
          data: { ...booked('a3', 'p3').data, booked_at: later.now.toISOString() },
        },
      ]);
  });

  it('refuses a second booking of one patient in one slot', () => {
    given([booked('a1', 'p1')])
      .when({ ...ref, type: 'BookSlot', appointmentId: 'a2', patientId: 'p1', holdId: null })
      .thenThrows(ConflictError, BOOKING_MESSAGES.patientAlreadyBooked);
  });

  it('expires a hold only after its time, and at most once', () => {
    given([held('h1', 'p1')])
      .when({ ...ref, type: 'ExpireHold', holdId: 'h1' })
      .thenNothing();
    const later = { ...ref, now: new Date('2026-11-23T09:10:00Z') };
    const expired: SlotEvent = {
      type: 'SlotHoldReleased',
      data: { calendar_id: 'cal', start: ref.start, hold_id: 'h1', reason: 'expired' },
    };
    given([held('h1', 'p1')])
      .when({ ...later, type: 'ExpireHold', holdId: 'h1' })
      .then([expired]);
    given([held('h1', 'p1'), expired])
      .when({ ...later, type: 'ExpireHold', holdId: 'h1' })
      .thenNothing();
    // Booked first: the hold is gone and its expiry changes nothing.
    given([held('h1', 'p1'), booked('a1', 'p1', 'h1')])
      .when({ ...later, type: 'ExpireHold', holdId: 'h1' })
      .thenNothing();
  });

  it('gives the place back on cancel, never above the capacity', () => {
    const events = [booked('a1', 'p1')];
    given(events)
      .when({ ...ref, type: 'CancelSlotBooking', appointmentId: 'a1' })
      .then([canceled('a1')]);
    expect(leftAfter([...events, canceled('a1')])).toBe(2);
    given([...events, canceled('a1')])
      .when({ ...ref, type: 'CancelSlotBooking', appointmentId: 'a1' })
      .thenNothing();
  });

  it("follows the calendar's capacity when it rises: a full slot offers the new places", () => {
    // Started at capacity 2, both places taken; the calendar now allows 4 per slot.
    const full = [booked('a1', 'p1'), held('h2', 'p2')];
    const raised = { ...ref, capacity: 4 };
    expect(remaining(fold(slotDecider, full), 4, now)).toBe(2);
    given(full)
      .when({ ...raised, type: 'BookSlot', appointmentId: 'a3', patientId: 'p3', holdId: null })
      .then([{ ...booked('a3', 'p3'), data: { ...booked('a3', 'p3').data, capacity: 4 } }]);
  });

  it('keeps every booking when the capacity drops below them, and offers no place', () => {
    // Three booked at capacity 3; the calendar now allows 1 per slot.
    const events = [booked('a1', 'p1'), booked('a2', 'p2'), booked('a3', 'p3')];
    const lowered = { ...ref, capacity: 1 };
    const state = fold(slotDecider, events);
    expect(state.bookings.size).toBe(3);
    expect(remaining(state, 1, now)).toBe(0);
    given(events)
      .when({ ...lowered, type: 'HoldSlot', holdId: 'h4', patientId: 'p4', holdMinutes: 10 })
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
    // Cancels give places back, but none is offered until the bookings are under the capacity.
    given(events)
      .when({ ...lowered, type: 'CancelSlotBooking', appointmentId: 'a1' })
      .then([canceled('a1')]);
    const one = [...events, canceled('a1')];
    expect(remaining(fold(slotDecider, one), 1, now)).toBe(0);
    given(one)
      .when({ ...lowered, type: 'CancelSlotBooking', appointmentId: 'a2' })
      .then([canceled('a2')]);
    const two = [...one, canceled('a2')];
    expect(remaining(fold(slotDecider, two), 1, now)).toBe(0);
    given(two)
      .when({ ...lowered, type: 'CancelSlotBooking', appointmentId: 'a3' })
      .then([canceled('a3')]);
    expect(remaining(fold(slotDecider, [...two, canceled('a3')]), 1, now)).toBe(1);
  });

  it('counts live holds against a lowered capacity too', () => {
    const events = [booked('a1', 'p1'), held('h2', 'p2')];
    expect(remaining(fold(slotDecider, events), 3, now)).toBe(1);
    expect(remaining(fold(slotDecider, events), 2, now)).toBe(0);
    expect(remaining(fold(slotDecider, events), 1, now)).toBe(0);
    // Once the hold's time is past, only the booking counts.
    expect(remaining(fold(slotDecider, events), 2, new Date('2026-11-23T09:11:00Z'))).toBe(1);
  });

  it('remembers how each hold ended: the first ending stands (a waitlist offer records it)', () => {
    const released: SlotEvent = {
      type: 'SlotHoldReleased',
      data: { calendar_id: 'cal', start: ref.start, hold_id: 'h2', reason: 'expired' },
    };
    const state = fold(slotDecider, [
      held('h1', 'p1'),
      held('h2', 'p2'),
      booked('a1', 'p1', 'h1'),
      released,
      { ...released, data: { ...released.data, reason: 'released' } },
    ]);
    expect(state.endedHolds.get('h1')).toEqual({ by: 'booked', appointmentId: 'a1' });
    expect(state.endedHolds.get('h2')).toEqual({ by: 'expired' });
    expect(state.endedHolds.has('h3')).toBe(false);
  });
});
