import { DateTime } from 'luxon';
import { slotTime, zoneLabel } from './slot-time';

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

  it('names a zone by its city and its abbreviation at that moment', () => {
    const winter = DateTime.fromISO('2026-01-15T12:00:00Z');
    const summer = DateTime.fromISO('2026-07-15T12:00:00Z');
    expect(zoneLabel('America/New_York', winter)).toBe('New York time (EST)');
    expect(zoneLabel('America/New_York', summer)).toBe('New York time (EDT)');
    expect(zoneLabel('Asia/Kolkata', winter)).toBe('Kolkata time (GMT+5:30)');
    expect(zoneLabel('America/Argentina/Buenos_Aires', winter)).toBe('Buenos Aires time (GMT-3)');
  });
});
