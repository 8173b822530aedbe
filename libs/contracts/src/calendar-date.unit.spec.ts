import 'reflect-metadata';
import { validateSync } from 'class-validator';
import {
  DATE_RANGE_MESSAGE,
  IsCalendarDate,
  IsNotBeforeDate,
  isCalendarDate,
  isInstant,
} from './calendar-date';
import { blockedSpanProblem, datesProblem, hoursProblem } from './scheduling/calendar-checks';
import { CALENDAR_MESSAGES } from './scheduling/messages';

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

describe('isInstant', () => {
  it('takes real ISO instants with an offset, and nothing Date.parse would roll over', () => {
    for (const good of [
      '2026-03-09T12:00:00Z',
      '2026-03-09T12:00Z',
      '2026-03-09T12:00:00.123Z',
      '2028-02-29T23:59:59+05:30',
      '2026-11-01T01:00:00-04:00',
    ]) {
      expect([good, isInstant(good)]).toEqual([good, true]);
    }
    for (const bad of [
      '2026-02-30T10:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-03-09T24:00:00Z',
      '2026-03-09T12:60:00Z',
      '2026-03-09T12:00:00',
      '2026-03-09',
      'Tue, 1 Mar 2026',
      '',
      42,
    ]) {
      expect([bad, isInstant(bad)]).toEqual([bad, false]);
    }
  });
});

describe('calendar checks as decider invariants', () => {
  it('refuses impossible days, fractional or out-of-range hours and rolled-over spans', () => {
    expect(datesProblem('2026-02-30', null)).toBe(CALENDAR_MESSAGES.dates);
    expect(datesProblem('2026-03-01', '2026-13-01')).toBe(CALENDAR_MESSAGES.dates);
    expect(datesProblem('2026-03-01', '2026-02-28')).toBe(CALENDAR_MESSAGES.dates);
    expect(datesProblem('2026-03-01', null)).toBeNull();
    expect(hoursProblem(8.5, 12)).toBe(CALENDAR_MESSAGES.hours);
    expect(hoursProblem(-1, 12)).toBe(CALENDAR_MESSAGES.hours);
    expect(hoursProblem(8, 25)).toBe(CALENDAR_MESSAGES.hours);
    expect(hoursProblem(0, 24)).toBeNull();
    expect(blockedSpanProblem({ start: '2026-02-30T10:00:00Z', end: '2026-03-03T10:00:00Z' })).toBe(
      CALENDAR_MESSAGES.span,
    );
    expect(
      blockedSpanProblem({ start: '2026-03-02T10:00:00Z', end: '2026-03-02T11:00:00Z' }),
    ).toBeNull();
  });
});
