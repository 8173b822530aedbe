import { BOOKING_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';
import { type SlotCommand, slotDecider } from './slot.decider';
import { remaining, type SlotEvent } from './slot.events';

const now = new Date('2026-11-23T09:00:00Z');
const ref = { calendarId: 'cal', start: '2026-11-24T14:00:00Z', capacity: 2, now };
const given = (events: readonly SlotEvent[]) => ({
  when: (command: SlotCommand) => () => slotDecider.decide(command, fold(slotDecider, events)),
  left: () => remaining(fold(slotDecider, events), ref.capacity),
});
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
): SlotEvent => ({
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

describe('slot', () => {
  it('holds a place for ten minutes, taking it from the capacity', () => {
    const events = given([]).when({
      ...ref,
      type: 'HoldSlot',
      holdId: 'h1',
      patientId: 'p1',
      holdMinutes: 10,
    })();
    expect(events).toEqual([held('h1', 'p1')]);
    expect(given(events).left()).toBe(1);
  });

  it('refuses a hold or a booking when no place is left, with the spec text', () => {
    const full = given([booked('a1', 'p1'), held('h2', 'p2')]);
    expect(full.left()).toBe(0);
    const hold = full.when({
      ...ref,
      type: 'HoldSlot',
      holdId: 'h3',
      patientId: 'p3',
      holdMinutes: 10,
    });
    expect(hold).toThrow(ConflictError);
    expect(hold).toThrow(BOOKING_MESSAGES.alreadyBooked);
    expect(
      full.when({ ...ref, type: 'BookSlot', appointmentId: 'a3', patientId: 'p3', holdId: null }),
    ).toThrow(BOOKING_MESSAGES.alreadyBooked);
  });

  it('lets a booking consume its own live hold even when the slot is otherwise full', () => {
    const state = given([booked('a1', 'p1'), held('h2', 'p2')]);
    expect(
      state.when({
        ...ref,
        type: 'BookSlot',
        appointmentId: 'a2',
        patientId: 'p2',
        holdId: 'h2',
      })(),
    ).toEqual([booked('a2', 'p2', 'h2')]);
  });

  it("does not let a booking use someone else's hold", () => {
    const state = given([booked('a1', 'p1'), held('h2', 'p2')]);
    expect(
      state.when({ ...ref, type: 'BookSlot', appointmentId: 'a3', patientId: 'p3', holdId: 'h2' }),
    ).toThrow(BOOKING_MESSAGES.alreadyBooked);
  });

  it('frees the place of a hold past its time at once, before its expiry event', () => {
    const state = given([booked('a1', 'p1'), held('h2', 'p2')]);
    const later = { ...ref, now: new Date('2026-11-23T09:11:00Z') };
    // Anyone may take the place; the stale hold is not consumed, and expires on its own.
    expect(
      state.when({
        ...later,
        type: 'BookSlot',
        appointmentId: 'a3',
        patientId: 'p3',
        holdId: null,
      })(),
    ).toEqual([
      {
        ...booked('a3', 'p3'),
        data: { ...booked('a3', 'p3').data, booked_at: later.now.toISOString() },
      },
    ]);
  });

  it('refuses a second booking of one patient in one slot', () => {
    expect(
      given([booked('a1', 'p1')]).when({
        ...ref,
        type: 'BookSlot',
        appointmentId: 'a2',
        patientId: 'p1',
        holdId: null,
      }),
    ).toThrow(BOOKING_MESSAGES.patientAlreadyBooked);
  });

  it('expires a hold only after its time, and at most once', () => {
    const state = given([held('h1', 'p1')]);
    expect(state.when({ ...ref, type: 'ExpireHold', holdId: 'h1' })()).toEqual([]);
    const later = { ...ref, now: new Date('2026-11-23T09:10:00Z') };
    const expired = state.when({ ...later, type: 'ExpireHold', holdId: 'h1' })();
    expect(expired).toEqual([
      {
        type: 'SlotHoldReleased',
        data: { calendar_id: 'cal', start: ref.start, hold_id: 'h1', reason: 'expired' },
      },
    ]);
    expect(
      given([held('h1', 'p1'), ...expired]).when({ ...later, type: 'ExpireHold', holdId: 'h1' })(),
    ).toEqual([]);
    // Booked first: the hold is gone and its expiry changes nothing.
    expect(
      given([held('h1', 'p1'), booked('a1', 'p1', 'h1')]).when({
        ...later,
        type: 'ExpireHold',
        holdId: 'h1',
      })(),
    ).toEqual([]);
  });

  it('gives the place back on cancel, never above the capacity', () => {
    const events = [booked('a1', 'p1')];
    const canceled = given(events).when({
      ...ref,
      type: 'CancelSlotBooking',
      appointmentId: 'a1',
    })();
    expect(given([...events, ...canceled]).left()).toBe(2);
    expect(
      given([...events, ...canceled]).when({
        ...ref,
        type: 'CancelSlotBooking',
        appointmentId: 'a1',
      })(),
    ).toEqual([]);
  });

  it("follows the calendar's capacity when it rises: a full slot offers the new places", () => {
    // Started at capacity 2, both places taken; the calendar now allows 4 per slot.
    const full = given([booked('a1', 'p1'), held('h2', 'p2')]);
    const raised = { ...ref, capacity: 4 };
    expect(remaining(fold(slotDecider, [booked('a1', 'p1'), held('h2', 'p2')]), 4, now)).toBe(2);
    const events = full.when({
      ...raised,
      type: 'BookSlot',
      appointmentId: 'a3',
      patientId: 'p3',
      holdId: null,
    })();
    expect(events).toEqual([
      { ...booked('a3', 'p3'), data: { ...booked('a3', 'p3').data, capacity: 4 } },
    ]);
  });

  it('keeps every booking when the capacity drops below them, and offers no place', () => {
    // Three booked at capacity 3; the calendar now allows 1 per slot.
    const events = [booked('a1', 'p1'), booked('a2', 'p2'), booked('a3', 'p3')];
    const lowered = { ...ref, capacity: 1 };
    const state = fold(slotDecider, events);
    expect(state.bookings.size).toBe(3);
    expect(remaining(state, 1, now)).toBe(0);
    expect(
      given(events).when({
        ...lowered,
        type: 'HoldSlot',
        holdId: 'h4',
        patientId: 'p4',
        holdMinutes: 10,
      }),
    ).toThrow(BOOKING_MESSAGES.alreadyBooked);
    // Cancels give places back, but none is offered until the bookings are under the capacity.
    const one = given(events).when({
      ...lowered,
      type: 'CancelSlotBooking',
      appointmentId: 'a1',
    })();
    expect(remaining(fold(slotDecider, [...events, ...one]), 1, now)).toBe(0);
    const two = given([...events, ...one]).when({
      ...lowered,
      type: 'CancelSlotBooking',
      appointmentId: 'a2',
    })();
    expect(remaining(fold(slotDecider, [...events, ...one, ...two]), 1, now)).toBe(0);
    const three = given([...events, ...one, ...two]).when({
      ...lowered,
      type: 'CancelSlotBooking',
      appointmentId: 'a3',
    })();
    expect(remaining(fold(slotDecider, [...events, ...one, ...two, ...three]), 1, now)).toBe(1);
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
