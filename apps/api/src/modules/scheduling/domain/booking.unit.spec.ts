import assert from 'node:assert/strict';
import { BOOKING_MESSAGES } from '@medbook/contracts';
import { fold } from '../../../domain/decider';
import { ConflictError, NotFoundError } from '../../../domain/domain-error';
import { appointmentDecider } from './appointment.decider';
import type { AppointmentEvent } from './appointment.events';
import { type Booking, type BookingDecision, decideBooking, decideWalkIn } from './booking';
import { calendarDecider } from './calendar.decider';
import type { CalendarEvent, CalendarSettings } from './calendar.events';
import { calendarSettings } from './calendar-settings.fixture.spec';
import { HOLD_NOT_FOUND, slotDecider } from './slot.decider';
import type { SlotEvent } from './slot.events';

const now = new Date('2026-11-23T09:00:00Z');
/** 01:00 in New York on the 24th: the calendar's first slot that day. */
const start = '2026-11-24T06:00:00Z';

const settings = calendarSettings({ practice_id: 'pr1' });

const created = (changes: Partial<CalendarSettings> = {}): CalendarEvent => ({
  type: 'CalendarCreated',
  data: { ...settings, ...changes, created_at: now.toISOString() },
});

const booking: Booking = {
  appointmentId: 'a1',
  calendarId: 'c1',
  start,
  patientId: 'p1',
  bookedBy: 'p1',
  holdId: null,
  reason: 'Check-up',
  requireHold: false,
  now,
};

const held = (holdId: string, patientId: string): SlotEvent => ({
  type: 'SlotHeld',
  data: {
    calendar_id: 'c1',
    start,
    hold_id: holdId,
    patient_id: patientId,
    capacity: 1,
    expires_at: '2026-11-23T09:10:00.000Z',
    held_at: now.toISOString(),
  },
});

interface Given {
  readonly calendar?: readonly CalendarEvent[];
  readonly slot?: readonly SlotEvent[] | null;
  readonly appointment?: readonly AppointmentEvent[];
}

/** Given the three streams' histories, when this booking comes, then ... */
const given = (history: Given) => ({
  when: (request: Partial<Booking> = {}) => {
    const decide = (): BookingDecision =>
      decideBooking(
        { ...booking, ...request },
        {
          calendar: fold(calendarDecider, history.calendar ?? [created()]),
          appointment: fold(appointmentDecider, history.appointment ?? []),
          slot: history.slot === null ? null : fold(slotDecider, history.slot ?? []),
        },
      );
    return {
      then: (check: (decision: BookingDecision) => void) => check(decide()),
      thenThrows: (kind: new (message: string) => Error, message: string) =>
        assert.throws(decide, (error: unknown) => {
          assert.ok(error instanceof kind, `expected ${kind.name}, got ${String(error)}`);
          assert.equal(error.message, message);
          return true;
        }),
    };
  },
});

describe('a booking', () => {
  it('takes a place in the slot and books the appointment from the calendar', () => {
    given({})
      .when()
      .then(({ slot, appointment }) => {
        expect(slot).toEqual([
          {
            type: 'SlotBooked',
            data: {
              calendar_id: 'c1',
              start,
              appointment_id: 'a1',
              patient_id: 'p1',
              hold_id: null,
              capacity: 1,
              booked_at: now.toISOString(),
            },
          },
        ]);
        expect(appointment.map((e) => e.type)).toEqual(['AppointmentBooked']);
        expect(appointment[0]?.data).toEqual(
          expect.objectContaining({
            appointment_id: 'a1',
            calendar_id: 'c1',
            practice_id: 'pr1',
            provider_id: 'd1',
            patient_id: 'p1',
            start_date: start,
            end_date: '2026-11-24T07:00:00Z',
            time_zone: 'America/New_York',
            visit_schedule_type: 'Scheduled',
            reason: 'Check-up',
            status: 'Scheduled',
          }),
        );
      });
  });

  it('waits as Pending on a calendar that asks for accept/reject', () => {
    given({ calendar: [created({ accept_reject_enabled: true })] })
      .when()
      .then(({ appointment }) =>
        expect(appointment[0]?.data).toEqual(expect.objectContaining({ status: 'Pending' })),
      );
  });

  it('is refused on a calendar that does not exist', () => {
    given({ calendar: [] }).when().thenThrows(NotFoundError, 'This calendar does not exist.');
  });

  it('is refused when another booking already has its appointment id', () => {
    const other = decideBooking(booking, {
      calendar: fold(calendarDecider, [created()]),
      appointment: fold(appointmentDecider, []),
      slot: fold(slotDecider, []),
    }).appointment;
    given({ appointment: other })
      .when()
      .thenThrows(ConflictError, BOOKING_MESSAGES.patientAlreadyBooked);
  });

  it('is refused when online booking is off, the start is no slot, or the slot has begun', () => {
    given({ calendar: [created({ online_booking_disabled: true })] })
      .when()
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
    given({ slot: null })
      .when({ start: '2026-11-24T06:30:00Z' })
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
    given({})
      .when({ now: new Date('2026-11-24T06:00:00Z') })
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
  });

  it('is refused when the slot is full, unless the patient holds a place in it', () => {
    given({ slot: [held('h1', 'p2')] })
      .when()
      .thenThrows(ConflictError, BOOKING_MESSAGES.alreadyBooked);
    given({ slot: [held('h1', 'p1')] })
      .when({ holdId: 'h1' })
      .then(({ slot }) =>
        expect(slot[0]?.data).toEqual(expect.objectContaining({ hold_id: 'h1' })),
      );
  });

  it('decides nothing for the slot when it already holds this appointment', () => {
    const first = decideBooking(booking, {
      calendar: fold(calendarDecider, [created({ booking_capacity: 2 })]),
      appointment: fold(appointmentDecider, []),
      slot: fold(slotDecider, []),
    });
    given({ calendar: [created({ booking_capacity: 2 })], slot: first.slot })
      .when()
      .then(({ slot }) => expect(slot).toEqual([]));
  });

  it('for a waitlist offer, books only by consuming its hold', () => {
    given({ calendar: [created({ booking_capacity: 2 })] })
      .when({ holdId: 'h1', requireHold: true })
      .thenThrows(ConflictError, HOLD_NOT_FOUND);
    given({ slot: [held('h1', 'p1')] })
      .when({ holdId: 'h1', requireHold: true })
      .then(({ slot }) => expect(slot).toHaveLength(1));
  });
});

describe('a walk-in', () => {
  const walkIn = {
    appointmentId: 'w1',
    calendarId: 'c1',
    patientId: 'p1',
    bookedBy: 'p1',
    reason: null,
    now,
  };

  it('starts now and lasts one time step, Scheduled even where requests wait for acceptance', () => {
    const events = decideWalkIn(walkIn, {
      calendar: fold(calendarDecider, [created({ accept_reject_enabled: true })]),
      appointment: fold(appointmentDecider, []),
    });
    expect(events[0]?.data).toEqual(
      expect.objectContaining({
        start_date: now.toISOString(),
        end_date: '2026-11-23T10:00:00.000Z',
        visit_schedule_type: 'WalkIn',
        status: 'Scheduled',
      }),
    );
  });

  it('is refused where online booking is off', () => {
    assert.throws(
      () =>
        decideWalkIn(walkIn, {
          calendar: fold(calendarDecider, [created({ online_booking_disabled: true })]),
          appointment: fold(appointmentDecider, []),
        }),
      ConflictError,
    );
  });
});
