import { DateTime } from 'luxon';
import { unambiguousTime } from './wall-time';

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone });

it('names the zone only for the wall time the clocks repeat', () => {
  const zone = 'America/New_York';
  // 2026-11-01: 1:00 am happens at 05:00Z (EDT) and again at 06:00Z (EST).
  expect(unambiguousTime(at('2026-11-01T05:00:00Z', zone), 'h:mm a')).toBe('1:00 AM EDT');
  expect(unambiguousTime(at('2026-11-01T06:00:00Z', zone), 'h:mm a')).toBe('1:00 AM EST');
  expect(unambiguousTime(at('2026-11-01T08:00:00Z', zone), 'h:mm a')).toBe('3:00 AM');
  expect(unambiguousTime(at('2026-11-02T06:00:00Z', zone), 'h:mm a')).toBe('1:00 AM');
});
