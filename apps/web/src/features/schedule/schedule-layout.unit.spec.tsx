import type { ScheduleColumn } from '@medbook/contracts';
import { layoutColumn, minuteLabel, narrowClock, timeRange } from './schedule-layout';

const zone = 'America/New_York';
// 2026-03-10 is after the spring change: New York is UTC-4 all day.
const at = (clock: string) =>
  new Date(`2026-03-10T${clock}:00-04:00`).toISOString().replace('.000', '');
const slot = (clock: string, end: string, left: number, capacity = 1) => ({
  start_date: at(clock),
  end_date: at(end),
  booking_capacity: left,
  capacity,
});
const visit = (id: string, clock: string, end: string) => ({
  appointment_id: id,
  patient_id: 'p',
  patient_name: id,
  visit_type: 'Office',
  visit_schedule_type: 'Scheduled',
  status: 'Scheduled' as const,
  start_date: at(clock),
  end_date: at(end),
  reason: null,
  outside_schedule: false,
});

describe('a column of the schedule', () => {
  it('places visits side by side where they overlap, free places after them, held places struck', () => {
    const column: ScheduleColumn = {
      calendar_id: 'c',
      day: '2026-03-10',
      appointments: [visit('a', '09:00', '09:30'), visit('b', '09:00', '09:30')],
      slots: [
        slot('09:00', '09:30', 1, 3),
        slot('09:30', '10:00', 0, 1),
        slot('10:00', '10:30', 1, 1),
      ],
    };
    const items = layoutColumn(column, zone, 8 * 60, Date.parse(at('08:00')));
    expect(items.map((i) => [i.kind, i.box.lane, i.box.lanes, i.box.top])).toEqual([
      ['appointment', 0, 3, 96],
      ['appointment', 1, 3, 96],
      ['free', 2, 3, 96],
      // Nobody booked 9:30 and no place is left: someone holds it.
      ['held', 0, 1, 144],
      ['free', 0, 1, 192],
    ]);
  });

  it('marks free places that have gone by as past', () => {
    const column: ScheduleColumn = {
      calendar_id: 'c',
      day: '2026-03-10',
      appointments: [],
      slots: [slot('09:00', '09:30', 1), slot('10:00', '10:30', 1)],
    };
    const items = layoutColumn(column, zone, 8 * 60, Date.parse(at('09:45')));
    expect(items.map((i) => i.kind !== 'appointment' && i.past)).toEqual([true, false]);
  });

  it('says times as the front desk reads them', () => {
    expect(minuteLabel(9 * 60)).toBe('9 AM');
    expect(minuteLabel(12 * 60 + 30)).toBe('12:30 PM');
    expect(timeRange(9 * 60 + 30, 10 * 60)).toBe('9:30 – 10:00 AM');
    expect(timeRange(11 * 60 + 30, 12 * 60)).toBe('11:30 AM – 12:00 PM');
  });

  it("says times in the chosen language's own clock", () => {
    expect(narrowClock(9 * 60 + 30)).toBe('9:30');
    expect(minuteLabel(9 * 60, false, 'es')).toBe('9:00');
    expect(minuteLabel(14 * 60 + 30, true, 'es')).toBe('14:30');
    expect(timeRange(9 * 60 + 30, 10 * 60, 'es')).toBe('9:30 – 10:00');
    expect(timeRange(11 * 60 + 30, 12 * 60, 'es')).toBe('11:30 – 12:00');
    expect(narrowClock(13 * 60, 'es')).toBe('13:00');
  });
});
