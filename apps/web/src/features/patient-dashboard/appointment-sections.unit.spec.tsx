import type { AppointmentView } from '@medbook/contracts';
import { DateTime } from 'luxon';
import {
  applyStatus,
  checkInToday,
  mayChange,
  mayTryCheckIn,
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
