import type { ScheduleView } from '@medbook/contracts';
import { READ_AGAIN } from '../../../live/live-query';
import { applySchedulePush } from './schedule.stream';

const start = '2026-03-10T13:00:00Z';
const view: ScheduleView = {
  practice_id: 'p',
  view: 'day',
  start_date: '2026-03-10',
  end_date: '2026-03-10',
  calendars: [],
  columns: [
    {
      calendar_id: 'c1',
      day: '2026-03-10',
      appointments: [],
      slots: [
        { start_date: start, end_date: '2026-03-10T13:30:00Z', booking_capacity: 2, capacity: 2 },
      ],
    },
    { calendar_id: 'c2', day: '2026-03-10', appointments: [], slots: [] },
  ],
};
const slotPush = (calendar: string, left: number) => ({
  kind: 'slot' as const,
  calendar_id: calendar,
  slot_id: start,
  start_date: start,
  action: 'decrement' as const,
  booking_capacity: left,
  position: 10,
});

describe('pushes to the schedule grid', () => {
  it("patches a shown slot's places in place and leaves the other columns as they were", () => {
    const next = applySchedulePush(view, slotPush('c1', 1));
    if (next === READ_AGAIN) throw new Error('a shown slot is patched, not read again');
    expect(next.columns[0]!.slots[0]!.booking_capacity).toBe(1);
    expect(next.columns[1]).toBe(view.columns[1]);
  });

  it('ignores slots it does not show and places that did not change', () => {
    expect(applySchedulePush(view, slotPush('c3', 0))).toBe(view);
    expect(applySchedulePush(view, slotPush('c1', 2))).toBe(view);
  });

  it('reads again for any appointment status, and for a change of a calendar it shows', () => {
    const status = {
      kind: 'status' as const,
      appointmentId: 'a',
      patientId: 'x',
      providerId: null,
      resourceId: null,
      externalAppointmentId: null,
      status: 'Scheduled' as const,
      publishDate: start,
      position: 11,
    };
    expect(applySchedulePush(view, status)).toBe(READ_AGAIN);
    const calendar = (id: string) => ({
      kind: 'calendar' as const,
      calendar_id: id,
      outside_schedule: [],
      position: 12,
    });
    expect(applySchedulePush(view, calendar('c2'))).toBe(READ_AGAIN);
    expect(applySchedulePush(view, calendar('c9'))).toBe(view);
  });
});
