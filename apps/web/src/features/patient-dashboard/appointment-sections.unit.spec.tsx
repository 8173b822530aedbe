import type { AppointmentView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import { applyStatus, mayChange, mayTryCheckIn, splitAppointments } from './appointment-sections';

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
  it('lists open future visits soonest first, and the rest latest first', () => {
    const later = appointment('later', '2026-03-12T14:00:00Z');
    const soon = appointment('soon', '2026-03-11T14:00:00Z');
    const canceled = appointment('canceled', '2026-03-13T14:00:00Z', { status: 'Canceled' });
    const over = appointment('over', '2026-03-01T14:00:00Z');
    const { upcoming, past } = splitAppointments([later, over, canceled, soon], now);
    expect(upcoming.map((a) => a.appointment_id)).toEqual(['soon', 'later']);
    expect(past.map((a) => a.appointment_id)).toEqual(['canceled', 'over']);
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

  it("offers check-in on the visit's day in its zone, and changes only before it starts", () => {
    // 10:00 in New York on March 10.
    const today = appointment('t', '2026-03-10T20:00:00Z');
    const tomorrow = appointment('m', '2026-03-11T14:00:00Z');
    expect(mayTryCheckIn(today, now)).toBe(true);
    expect(mayTryCheckIn(tomorrow, now)).toBe(false);
    expect(mayTryCheckIn({ ...today, status: 'Canceled' }, now)).toBe(false);
    expect(mayChange(tomorrow, now)).toBe(true);
    expect(mayChange(appointment('gone', '2026-03-10T14:00:00Z'), now)).toBe(false);
    expect(mayChange({ ...tomorrow, status: 'Checked-In' }, now)).toBe(false);
  });
});
