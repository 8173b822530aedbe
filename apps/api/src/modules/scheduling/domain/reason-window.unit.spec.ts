import type { CalendarSettings } from './calendar.events';
import { forReason, offersReason, reasonWindow } from './reason-window';
import { scheduledSlots } from './slot-schedule';

// 23:30 in New York on Monday 2026-11-23: already the 24th in UTC.
const now = new Date('2026-11-24T04:30:00Z');
const zone = 'America/New_York';
const calendar = {
  calendar_id: 'cal',
  time_zone: zone,
  first_hour: 9,
  last_hour: 10,
  time_step: 60,
  working_days: [1, 2, 3, 4, 5, 6, 7],
  date_from: '2026-11-01',
  date_to: null,
  marked_time_spans: [],
  reasons: [],
} as unknown as CalendarSettings;

describe('reason window', () => {
  it('counts weeks from today in the facility zone', () => {
    expect(reasonWindow([0, 2], zone, now)).toEqual({ from: '2026-11-23', to: '2026-12-06' });
    expect(reasonWindow([1, 3], zone, now)).toEqual({ from: '2026-11-30', to: '2026-12-13' });
    expect(reasonWindow([1], zone, now)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(reasonWindow([], zone, now)).toBeNull();
    expect(reasonWindow(undefined, zone, now)).toBeNull();
  });

  it("narrows the calendar's dates: given a reason of weeks 1 to 2, its slots lie in that week", () => {
    const narrowed = forReason(calendar, [1, 2], now);
    expect([narrowed.date_from, narrowed.date_to]).toEqual(['2026-11-30', '2026-12-06']);
    const days = scheduledSlots(narrowed, '2026-11-23', 21).map((s) => s.day);
    expect(days[0]).toBe('2026-11-30');
    expect(days[days.length - 1]).toBe('2026-12-06');
    expect(days).toHaveLength(7);
  });

  it("keeps the calendar's own end when it comes first, and its dates when there is no window", () => {
    const ending = { ...calendar, date_to: '2026-12-02' };
    expect(forReason(ending, [0, 4], now).date_to).toBe('2026-12-02');
    expect(forReason(ending, [], now)).toBe(ending);
    // A window wholly after the calendar's end leaves no day at all.
    expect(scheduledSlots(forReason(ending, [2, 3], now), '2026-11-23', 30)).toEqual([]);
  });

  it('offers a reason on calendars that list it, or list none', () => {
    expect(offersReason(calendar, 'Flu shot')).toBe(true);
    const listing = { ...calendar, reasons: ['COVID-19 Vaccine'] };
    expect(offersReason(listing, 'COVID-19 Vaccine')).toBe(true);
    expect(offersReason(listing, 'Flu shot')).toBe(false);
  });
});
