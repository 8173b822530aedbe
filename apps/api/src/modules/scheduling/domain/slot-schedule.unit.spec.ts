import { calendarSettings } from './calendar-settings.fixture.spec';
import { findSlot, scheduledSlots } from './slot-schedule';

const settings = calendarSettings();

describe('scheduled slots', () => {
  it('skips the local hour that does not exist when clocks spring forward (2026-03-08)', () => {
    const slots = scheduledSlots(settings, '2026-03-08', 1);
    // 01:00 EST, [02:00 does not exist], 03:00 EDT
    expect(slots.map((s) => s.start)).toEqual(['2026-03-08T06:00:00Z', '2026-03-08T07:00:00Z']);
  });

  it('offers local hours once each on the day clocks fall back (2026-11-01)', () => {
    const slots = scheduledSlots(settings, '2026-11-01', 1);
    expect(slots.map((s) => s.start)).toEqual([
      '2026-11-01T06:00:00Z', // 01:00 happens twice; offered once, at 01:00 EST
      '2026-11-01T07:00:00Z', // 02:00 EST
      '2026-11-01T08:00:00Z', // 03:00 EST
    ]);
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
