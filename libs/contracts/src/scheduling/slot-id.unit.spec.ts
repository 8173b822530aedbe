import { DateTime } from 'luxon';
import { slotId } from './slot-id';

describe('slot ids', () => {
  it('are the UTC ISO instant without milliseconds, as luxon formats them', () => {
    // Every 7 minutes and 13 seconds across two years, plus instants with milliseconds.
    const from = Date.UTC(2026, 0, 1);
    const instants: number[] = [];
    for (let ms = from; ms < from + 2 * 365 * 86_400_000; ms += 433_000) instants.push(ms);
    instants.push(Date.UTC(2026, 10, 1, 5, 59, 59, 999), Date.UTC(2000, 1, 29, 23, 0, 0, 1));
    for (const ms of instants) {
      const expected = DateTime.fromMillis(ms, { zone: 'utc' }).toISO({
        suppressMilliseconds: true,
      })!;
      expect(slotId(new Date(ms).toISOString())).toBe(expected);
      expect(slotId(new Date(ms))).toBe(expected);
      expect(slotId(ms)).toBe(expected);
    }
    expect(instants.length).toBeGreaterThan(100_000);
  });

  it('read an instant without an offset as UTC, and refuse what is no instant', () => {
    expect(slotId('2026-11-24T14:00:00')).toBe('2026-11-24T14:00:00Z');
    expect(slotId('2026-11-24T09:00:00-05:00')).toBe('2026-11-24T14:00:00Z');
    expect(slotId('not a date')).toBe('Invalid DateTime');
  });
});
