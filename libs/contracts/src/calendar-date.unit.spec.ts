import 'reflect-metadata';
import { validateSync } from 'class-validator';
import {
  DATE_RANGE_MESSAGE,
  IsCalendarDate,
  IsNotBeforeDate,
  isCalendarDate,
} from './calendar-date';

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

describe('IsNotBeforeDate', () => {
  class Range {
    @IsCalendarDate()
    from!: string;

    @IsNotBeforeDate('from', { message: DATE_RANGE_MESSAGE })
    to!: string;
  }
  const errorsOf = (from: string, to: string) =>
    validateSync(Object.assign(new Range(), { from, to })).flatMap((e) =>
      Object.values(e.constraints ?? {}),
    );

  it('takes a range that ends on or after its start, and refuses one that ends before', () => {
    expect(errorsOf('2026-03-01', '2026-03-01')).toEqual([]);
    expect(errorsOf('2026-03-01', '2027-01-31')).toEqual([]);
    expect(errorsOf('2026-03-02', '2026-03-01')).toEqual([DATE_RANGE_MESSAGE]);
    expect(errorsOf('2026-12-31', '2026-01-01')).toEqual([DATE_RANGE_MESSAGE]);
  });
});
