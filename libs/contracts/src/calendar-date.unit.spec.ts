import { isCalendarDate } from './calendar-date';

describe('calendar dates', () => {
  it('accepts real days, leap days included, and nothing else', () => {
    expect(['2026-01-31', '2028-02-29', '2000-02-29', '2026-12-31'].every(isCalendarDate)).toBe(
      true,
    );
    for (const bad of [
      '2026-02-30',
      '2027-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-1',
      '26-01-01',
      42,
      null,
    ]) {
      expect({ bad, ok: isCalendarDate(bad) }).toEqual({ bad, ok: false });
    }
  });
});
