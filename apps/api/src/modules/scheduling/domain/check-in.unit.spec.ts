import { BOOKING_MESSAGES } from '@medbook/contracts';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError } from '../../../domain/domain-error';
import { decideBooking } from './booking';
import { calendarDecider } from './calendar.decider';
import { appointmentDecider } from './appointment.decider';
import type { AppointmentEvent } from './appointment.events';
import { calendarSettings } from './calendar-settings.fixture.spec';
import { type CheckInPlace, type CheckInRules, checkInWindow } from './check-in-window';
import { initialSlotState } from './slot.events';

// A visit at 14:00 UTC (09:00 in New York) on November 24th.
const start = '2026-11-24T14:00:00Z';
const booked = (reason: string | null = null): AppointmentEvent[] => [
  {
    type: 'AppointmentBooked',
    data: {
      appointment_id: 'a1',
      calendar_id: 'c1',
      practice_id: 'pr1',
      provider_id: 'doc1',
      resource_id: null,
      facility_id: 'f1',
      patient_id: 'p1',
      booked_by: 'p1',
      start_date: start,
      end_date: '2026-11-24T15:00:00Z',
      time_zone: 'America/New_York',
      visit_type: 'Office',
      visit_schedule_type: 'Scheduled',
      reason,
      status: 'Scheduled',
      booked_at: '2026-11-20T10:00:00.000Z',
    },
  },
];
const given = DeciderSpecification.for(appointmentDecider);
const at = (iso: string) => new Date(iso);
/** A calendar that lets patients check in, with the default window unless told otherwise. */
const calendar = (rules: Partial<CheckInRules> = {}): CheckInRules => ({
  can_check_in: true,
  ...rules,
});
const checkIn = (place: CheckInPlace, now: Date, history = booked()) =>
  given(history).when({ type: 'CheckInAppointment', by: 'u1', at: place, now });
const checkedIn = (now: Date): AppointmentEvent[] => [
  {
    type: 'AppointmentStatusChanged',
    data: {
      appointment_id: 'a1',
      from: 'Scheduled',
      status: 'Checked-In',
      changed_by: 'u1',
      rejected_by: null,
      changed_at: now.toISOString(),
    },
  },
];

describe('check-in', () => {
  it('is never part of a booking, even on the day of the visit', () => {
    const settings = calendarSettings({ can_check_in: true });
    const now = at('2026-11-24T06:30:00Z'); // 01:30 in New York, half an hour before the slot
    const decided = decideBooking(
      {
        appointmentId: 'a1',
        calendarId: 'c1',
        start: '2026-11-24T07:00:00Z',
        patientId: 'p1',
        bookedBy: 'p1',
        holdId: null,
        reason: null,
        requireHold: false,
        now,
      },
      { calendar: { settings }, appointment: { details: null }, slot: initialSlotState() },
    );
    expect(decided.appointment.map((e) => e.type)).toEqual(['AppointmentBooked']);
    expect(decided.appointment[0]!.data).toEqual(expect.objectContaining({ status: 'Scheduled' }));
  });

  it('is by the patient from 60 minutes before the start to 15 minutes after, by default', () => {
    const patient: CheckInPlace = { kind: 'patient', calendar: calendar() };
    for (const inTime of ['2026-11-24T13:00:00Z', '2026-11-24T14:00:00Z', '2026-11-24T14:15:00Z']) {
      checkIn(patient, at(inTime)).then(checkedIn(at(inTime)));
    }
    for (const outOfTime of [
      '2026-11-24T12:59:59Z',
      '2026-11-24T14:15:01Z',
      '2026-11-24T08:00:00Z', // the visit's day, hours early: no longer enough
      '2026-11-23T14:00:00Z',
    ]) {
      checkIn(patient, at(outOfTime)).thenThrows(
        ConflictError,
        BOOKING_MESSAGES.checkInUnavailable,
      );
    }
  });

  it("is by the patient within the calendar's own window", () => {
    const patient: CheckInPlace = {
      kind: 'patient',
      calendar: calendar({ check_in_opens_minutes_before: 10, check_in_closes_minutes_after: 0 }),
    };
    checkIn(patient, at('2026-11-24T13:50:00Z')).then(checkedIn(at('2026-11-24T13:50:00Z')));
    checkIn(patient, at('2026-11-24T13:49:00Z')).thenThrows(
      ConflictError,
      BOOKING_MESSAGES.checkInUnavailable,
    );
    checkIn(patient, at('2026-11-24T14:00:01Z')).thenThrows(
      ConflictError,
      BOOKING_MESSAGES.checkInUnavailable,
    );
  });

  it("is by the patient only where the calendar, or the visit's reason, lets patients check in", () => {
    const now = at('2026-11-24T13:30:00Z');
    checkIn({ kind: 'patient', calendar: calendar({ can_check_in: false }) }, now).thenThrows(
      ConflictError,
      BOOKING_MESSAGES.checkInUnavailable,
    );
    const flu: CheckInPlace = {
      kind: 'patient',
      calendar: calendar({
        can_check_in: false,
        associated_reasons: [{ title: 'Flu shot', allow_immediate_checkin: true }],
      }),
    };
    checkIn(flu, now, booked('Flu shot')).thenEvents((events) =>
      expect(events[0]!.data).toEqual(expect.objectContaining({ status: 'Checked-In' })),
    );
    // The reason's immediate check-in does not widen the window.
    checkIn(flu, at('2026-11-24T10:00:00Z'), booked('Flu shot')).thenThrows(
      ConflictError,
      BOOKING_MESSAGES.checkInUnavailable,
    );
  });

  it('is at the kiosk within the window, whether or not patients may check in from home', () => {
    const kiosk: CheckInPlace = { kind: 'kiosk', calendar: calendar({ can_check_in: false }) };
    checkIn(kiosk, at('2026-11-24T13:30:00Z')).then(checkedIn(at('2026-11-24T13:30:00Z')));
    checkIn(kiosk, at('2026-11-24T11:00:00Z')).thenThrows(
      ConflictError,
      BOOKING_MESSAGES.checkInUnavailable,
    );
  });

  it('is at the desk at any time', () => {
    for (const now of ['2026-11-20T10:00:00Z', '2026-11-24T16:00:00Z']) {
      checkIn({ kind: 'desk' }, at(now)).then(checkedIn(at(now)));
    }
  });

  it('happens once: a second "I\'m here", even after the window, changes nothing', () => {
    const history = [...booked(), ...checkedIn(at('2026-11-24T13:30:00Z'))];
    checkIn(
      { kind: 'patient', calendar: calendar() },
      at('2026-11-24T18:00:00Z'),
      history,
    ).thenNothing();
  });

  it('is refused for a visit that was called off, wherever it is made', () => {
    const canceled: AppointmentEvent[] = [
      ...booked(),
      {
        type: 'AppointmentCanceled',
        data: {
          appointment_id: 'a1',
          from: 'Scheduled',
          reason: null,
          canceled_by: 'p1',
          canceled_at: '2026-11-23T10:00:00.000Z',
        },
      },
    ];
    checkIn({ kind: 'desk' }, at('2026-11-24T13:30:00Z'), canceled).thenThrows(ConflictError);
  });

  it('reads the default window for calendars whose events never set one', () => {
    expect(checkInWindow(start, {})).toEqual({
      opens_at: at('2026-11-24T13:00:00Z'),
      closes_at: at('2026-11-24T14:15:00Z'),
    });
  });

  it('is a calendar setting told by its own event, both ends before and after', () => {
    const created = {
      type: 'CalendarCreated' as const,
      data: { ...calendarSettings(), created_at: 'x' },
    };
    DeciderSpecification.for(calendarDecider)([created])
      .when({
        type: 'ChangeCalendarSettings',
        changes: { check_in_opens_minutes_before: 30 },
        now: at('2026-11-20T10:00:00Z'),
      })
      .then([
        {
          type: 'CalendarCheckInWindowChanged',
          data: {
            calendar_id: 'c1',
            // The calendar never set a window: its before reads the defaults.
            before: { check_in_opens_minutes_before: 60, check_in_closes_minutes_after: 15 },
            after: { check_in_opens_minutes_before: 30, check_in_closes_minutes_after: 15 },
            changed_at: '2026-11-20T10:00:00.000Z',
          },
        },
      ]);
  });
});
