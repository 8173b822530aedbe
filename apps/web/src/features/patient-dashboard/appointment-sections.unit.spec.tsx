import type { AppointmentView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import {
  applyStatus,
  calledOffReason,
  checkInToday,
  directionsUrl,
  mayChange,
  mayTryCheckIn,
  postalAddress,
  splitAppointments,
} from './appointment-sections';

const now = DateTime.fromISO('2026-03-10T15:00:00Z');
const appointment = (id: string, start: string, change: Partial<AppointmentView> = {}) =>
  ({
    appointment_id: id,
    start_date: start,
    end_date: DateTime.fromISO(start).plus({ minutes: 30 }).toISO()!,
    status: 'Scheduled',
    time_zone: 'America/New_York',
    ...change,
  }) as AppointmentView;

describe('patient dashboard sections', () => {
  it('lists open future visits soonest first, called-off future ones apart, the rest latest first', () => {
    const later = appointment('later', '2026-03-12T14:00:00Z');
    const soon = appointment('soon', '2026-03-11T14:00:00Z');
    const canceled = appointment('canceled', '2026-03-13T14:00:00Z', { status: 'Canceled' });
    const rejected = appointment('rejected', '2026-03-11T16:00:00Z', { status: 'Rejected' });
    const canceledBefore = appointment('canceled-before', '2026-03-02T14:00:00Z', {
      status: 'Canceled',
    });
    const over = appointment('over', '2026-03-01T14:00:00Z');
    const { upcoming, calledOff, past } = splitAppointments(
      [later, over, canceled, canceledBefore, rejected, soon],
      now,
    );
    expect(upcoming.map((a) => a.appointment_id)).toEqual(['soon', 'later']);
    expect(calledOff.map((a) => a.appointment_id)).toEqual(['rejected', 'canceled']);
    expect(past.map((a) => a.appointment_id)).toEqual(['canceled-before', 'over']);
  });

  it('gives the reason of the side that called a visit off, or none when nobody said', () => {
    const at = '2026-03-13T14:00:00Z';
    expect(
      calledOffReason(
        appointment('c', at, { status: 'Canceled', cancel_reason: ' Feeling better ' }),
      ),
    ).toBe('Feeling better');
    expect(
      calledOffReason(
        appointment('r', at, {
          status: 'Rejected',
          rejection_reason: 'Away that week',
          cancel_reason: null,
        }),
      ),
    ).toBe('Away that week');
    expect(calledOffReason(appointment('n', at, { status: 'Canceled', cancel_reason: '  ' }))).toBe(
      null,
    );
  });

  it("writes the facility's address on one line and a maps search for it", () => {
    const a = appointment('a', '2026-03-13T14:00:00Z', {
      facility_name: 'Lakeside',
      facility_address: {
        address1: '100 Main St',
        address2: 'Suite 2',
        city: 'New York',
        state: 'NY',
        zip_code: '10001',
      },
    });
    expect(postalAddress(a)).toBe('100 Main St, Suite 2, New York, NY 10001');
    expect(directionsUrl(a)).toBe(
      'https://www.google.com/maps/search/?api=1&query=100%20Main%20St%2C%20Suite%202%2C%20New%20York%2C%20NY%2010001',
    );
    const nowhere = appointment('b', '2026-03-13T14:00:00Z', { facility_address: null });
    expect(postalAddress(nowhere)).toBeNull();
    expect(directionsUrl(nowhere)).toBeNull();
  });

  it('applies a live status change and says when the appointment is unknown', () => {
    const list = [appointment('a', '2026-03-11T14:00:00Z')];
    const message = {
      appointmentId: 'a',
      patientId: 'p',
      providerId: null,
      resourceId: null,
      externalAppointmentId: null,
      status: 'Checked-In' as const,
      publishDate: now.toISO()!,
      position: 9,
    };
    expect(applyStatus(list, message)).toEqual({
      known: true,
      list: [{ ...list[0], status: 'Checked-In' }],
    });
    expect(applyStatus(list, { ...message, appointmentId: 'b' }).known).toBe(false);
  });

  it('offers "I\'m here" within the pass\'s window where patients may check in, and changes only before the visit starts', () => {
    // 11:00 in New York on March 10; the visit at 11:30, its window 10:30 to 11:45.
    const today = appointment('t', '2026-03-10T15:30:00Z');
    const tomorrow = appointment('m', '2026-03-11T14:00:00Z');
    const pass = {
      check_in_opens_at: '2026-03-10T14:30:00Z',
      check_in_closes_at: '2026-03-10T15:45:00Z',
      patient_check_in: true,
    };
    expect(checkInToday(today, now)).toBe(true);
    expect(checkInToday(tomorrow, now)).toBe(false);
    expect(checkInToday({ ...today, status: 'Checked-In' }, now)).toBe(false);
    expect(mayTryCheckIn(today, now, pass)).toBe(true);
    expect(mayTryCheckIn(today, now, null)).toBe(false);
    expect(mayTryCheckIn(today, now, { ...pass, patient_check_in: false })).toBe(false);
    expect(mayTryCheckIn({ ...today, status: 'Canceled' }, now, pass)).toBe(false);
    expect(mayTryCheckIn(today, now.minus({ minutes: 31 }), pass)).toBe(false);
    expect(mayTryCheckIn(today, now.plus({ minutes: 46 }), pass)).toBe(false);
    expect(mayChange(tomorrow, now)).toBe(true);
    expect(mayChange(appointment('gone', '2026-03-10T14:00:00Z'), now)).toBe(false);
    expect(mayChange({ ...tomorrow, status: 'Checked-In' }, now)).toBe(false);
  });
});
