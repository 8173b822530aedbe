import { calendarSettings } from './calendar-settings.fixture.spec';
import { findSlot, scheduledSlots } from './slot-schedule';

const settings = calendarSettings();

describe('scheduled slots', () => {
  it('skips the local hour that does not exist when clocks spring forward (2026-03-08)', () => {
    const slots = scheduledSlots(settings, '2026-03-08', 1);
    // 01:00 EST, [02:00 does not exist], 03:00 EDT
    expect(slots.map((s) => s.start)).toEqual(['2026-03-08T06:00:00Z', '2026-03-08T07:00:00Z']);
  });

  it('offers both instants of the repeated hour on the day clocks fall back (2026-11-01)', () => {
    // Issue 15: each real instant within opening hours is offered once, whatever the zone (it
    // used to offer only 01:00 EST here, and only the first 01:00 in other zones).
    const slots = scheduledSlots(settings, '2026-11-01', 1);
    expect(slots.map((s) => s.start)).toEqual([
      '2026-11-01T05:00:00Z', // 01:00 EDT
      '2026-11-01T06:00:00Z', // 01:00 EST, the same wall time an hour later
      '2026-11-01T07:00:00Z', // 02:00 EST
      '2026-11-01T08:00:00Z', // 03:00 EST
    ]);
    expect(findSlot(settings, '2026-11-01T05:00:00Z')?.start).toBe('2026-11-01T05:00:00Z');
    expect(findSlot(settings, '2026-11-01T06:00:00Z')?.start).toBe('2026-11-01T06:00:00Z');
  });

  it('opens at the first hour on a day whose midnight the clocks skip (Santiago, 2026-09-06)', () => {
    const santiago = { ...settings, time_zone: 'America/Santiago', first_hour: 8, last_hour: 12 };
    const slots = scheduledSlots(santiago, '2026-09-06', 1);
    // 08:00 to 11:00 local, UTC-3 after the change at midnight.
    expect(slots.map((s) => s.start)).toEqual([
      '2026-09-06T11:00:00Z',
      '2026-09-06T12:00:00Z',
      '2026-09-06T13:00:00Z',
      '2026-09-06T14:00:00Z',
    ]);
    expect(findSlot(santiago, '2026-09-06T11:00:00Z')).not.toBeNull();
    // 12:00 local is closing time, not a slot.
    expect(findSlot(santiago, '2026-09-06T15:00:00Z')).toBeNull();
  });

  it('keeps to working days, the date range and away from blocked spans', () => {
    const weekdays = { ...settings, working_days: [1, 2, 3, 4, 5], date_to: '2026-11-25' };
    const days = new Set(scheduledSlots(weekdays, '2026-11-21', 7).map((s) => s.day));
    expect([...days]).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
    const blocked = {
      ...settings,
      marked_time_spans: [{ start: '2026-11-24T06:30:00Z', end: '2026-11-24T07:30:00Z' }],
    };
    expect(scheduledSlots(blocked, '2026-11-24', 1).map((s) => s.start)).toEqual([
      '2026-11-24T08:00:00Z',
    ]);
  });

  it('finds a slot by its start and nothing between starts', () => {
    expect(findSlot(settings, '2026-11-24T07:00:00.000Z')?.end).toBe('2026-11-24T08:00:00Z');
    expect(findSlot(settings, '2026-11-24T07:30:00Z')).toBeNull();
    expect(findSlot(settings, 'not a date')).toBeNull();
  });
});
