import { calendarSettings } from '../scheduling/domain/calendar-settings.fixture.spec';
import { placesOffered, sameSchedule, weekOf, weeksFrom } from './offered-places';

// Open every day 01:00-04:00 in New York: 3 hourly slots a day, 21 a week.
const settings = calendarSettings();
const since = (instant: string, changes = {}) => ({
  fromMs: Date.parse(instant),
  settings: calendarSettings(changes),
});

describe('weeks', () => {
  it("start on the Monday of the calendar's zone", () => {
    // Monday 03:00 UTC is still Sunday evening in New York.
    expect(weekOf('2026-04-13T03:00:00Z', 'America/New_York')).toBe('2026-04-06');
    expect(weekOf('2026-04-13T05:00:00Z', 'America/New_York')).toBe('2026-04-13');
    expect(weekOf('2026-04-12T23:00:00Z', 'Pacific/Auckland')).toBe('2026-04-13');
    expect(weeksFrom('2026-03-30', '2026-04-13')).toEqual([
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
    ]);
  });
});

describe('places offered in a week', () => {
  it('are the slots times their capacity, less the blocked ones', () => {
    expect(placesOffered([since('2026-01-01T00:00:00Z')], '2026-04-06')).toBe(21);
    const blocked = since('2026-01-01T00:00:00Z', {
      booking_capacity: 2,
      // Monday 01:00-03:00 EDT: two slots.
      marked_time_spans: [{ start: '2026-04-06T05:00:00Z', end: '2026-04-06T07:00:00Z' }],
    });
    expect(placesOffered([blocked], '2026-04-06')).toBe(19 * 2);
  });

  it('count each slot under the settings in force at its start, and none before the calendar existed', () => {
    const versions = [
      // Created on Wednesday at noon: Monday to Wednesday were never offered.
      since('2026-04-08T16:00:00Z'),
      // Capacity 3 from Saturday on.
      since('2026-04-11T04:00:00Z', { booking_capacity: 3 }),
    ];
    // Thursday and Friday at 1, Saturday and Sunday at 3.
    expect(placesOffered(versions, '2026-04-06')).toBe(2 * 3 + 2 * 3 * 3);
    expect(placesOffered(versions, '2026-04-13')).toBe(21 * 3);
    expect(placesOffered(versions, '2026-03-30')).toBe(0);
  });

  it('tell a change that offers other places from one that does not', () => {
    expect(sameSchedule(settings, { ...settings, name: 'Dr. Else', wait_list_enabled: true })).toBe(
      true,
    );
    expect(sameSchedule(settings, { ...settings, booking_capacity: 2 })).toBe(false);
    expect(sameSchedule(settings, { ...settings, working_days: [1, 2] })).toBe(false);
  });
});
