import { slotTime } from './slot-time';

describe('slot times', () => {
  it('reads h:mm am/pm in the facility zone', () => {
    expect(slotTime('2026-11-24T18:30:00Z', 'America/New_York')).toBe('1:30 pm');
  });

  it('names the zone for both instants of an hour the clocks repeat, and only for those', () => {
    expect(slotTime('2026-11-01T05:00:00Z', 'America/New_York')).toBe('1:00 am EDT');
    expect(slotTime('2026-11-01T06:00:00Z', 'America/New_York')).toBe('1:00 am EST');
    expect(slotTime('2026-11-01T07:00:00Z', 'America/New_York')).toBe('2:00 am');
    // Havana repeats midnight; the browser's names for its zone are its offsets.
    expect(slotTime('2026-11-01T04:00:00Z', 'America/Havana')).toBe('12:00 am GMT-4');
    expect(slotTime('2026-11-01T05:00:00Z', 'America/Havana')).toBe('12:00 am GMT-5');
  });
});
