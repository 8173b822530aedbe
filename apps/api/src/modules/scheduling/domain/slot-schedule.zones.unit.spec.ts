import { minutesOfDay, timeOfDay, type WeeklyHours } from '@medbook/contracts';
import fc from 'fast-check';
import { calendarSettings } from './calendar-settings.fixture.spec';
import { scheduledSlots } from './slot-schedule';

/**
 * Every IANA zone, every day of 2026–2028: the slots a calendar offers are the real instants whose
 * local wall-clock time (read with Intl, independently of luxon) falls on the day, within opening
 * hours and on a step boundary: each once, none missing. The days that matter are the ones the
 * clocks change on (and their neighbours); the others are checked on a sample per zone.
 */
const ZONES = Intl.supportedValuesOf('timeZone');
const STEP_MS = 15 * 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local date and minutes after midnight of an instant in a zone, by Intl. */
function wallClock(zone: string, ms: number): { day: string; minutes: number } {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The expected slot starts: every quarter hour around the day, kept when its wall time fits. */
function expectedStarts(
  zone: string,
  day: string,
  firstHour: number,
  lastHour: number,
  step: number,
): string[] {
  const wallMidnight = Date.parse(`${day}T00:00:00Z`);
  const starts: string[] = [];
  for (let ms = wallMidnight - 15 * 3_600_000; ms < wallMidnight + 39 * 3_600_000; ms += STEP_MS) {
    const local = wallClock(zone, ms);
    if (local.day !== day) continue;
    const fromOpening = local.minutes - firstHour * 60;
    if (fromOpening < 0 || fromOpening % step !== 0) continue;
    if (local.minutes + step > lastHour * 60) continue;
    starts.push(new Date(ms).toISOString().replace('.000Z', 'Z'));
  }
  return starts;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Days of 2026–2028 on which a zone's offset at local noon differs from the day before's. */
function changeDays(zone: string): string[] {
  const days: string[] = [];
  let previous: number | null = null;
  for (let day = '2025-12-31'; day <= '2028-12-31'; day = addDays(day, 1)) {
    const noonUtc = Date.parse(`${day}T12:00:00Z`);
    const local = wallClock(zone, noonUtc);
    // The offset in minutes, from the wall clock at a fixed UTC instant (days may differ).
    const localMs = Date.parse(`${local.day}T00:00:00Z`) + local.minutes * 60_000;
    const offset = Math.round((localMs - noonUtc) / 60_000);
    if (previous !== null && offset !== previous) days.push(addDays(day, -1), day, addDays(day, 1));
    previous = offset;
  }
  return [...new Set(days)].filter((d) => d >= '2026-01-01' && d <= '2028-12-31');
}

it('offers every local wall-clock time once, in every zone, on every day clocks change in 2026–2028', () => {
  let checked = 0;
  for (const zone of ZONES) {
    // Open all day in half hours: gaps and repeats anywhere in the day show.
    const settings = calendarSettings({
      time_zone: zone,
      first_hour: 0,
      last_hour: 24,
      time_step: 30,
    });
    const days = changeDays(zone);
    // A few ordinary days as well.
    days.push('2026-01-15', '2027-06-15', '2028-02-29');
    for (const day of days) {
      const actual = scheduledSlots(settings, day, 1).map((s) => s.start);
      const expected = expectedStarts(zone, day, 0, 24, 30);
      if (actual.join() !== expected.join()) {
        expect({ zone, day, actual }).toEqual({ zone, day, actual: expected });
      }
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(ZONES.length * 3);
});

it('agrees with the independent computation for random calendars, zones and days', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...ZONES),
      fc.integer({ min: 0, max: 1095 }),
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 1, max: 24 }),
      fc.constantFrom(15, 30, 45, 60, 90),
      (zone, offsetDays, firstHour, span, step) => {
        const lastHour = Math.min(24, firstHour + span);
        const day = addDays('2026-01-01', offsetDays);
        const settings = calendarSettings({
          time_zone: zone,
          first_hour: firstHour,
          last_hour: lastHour,
          time_step: step,
        });
        const actual = scheduledSlots(settings, day, 1).map((s) => s.start);
        expect(actual).toEqual(expectedStarts(zone, day, firstHour, lastHour, step));
      },
    ),
    { numRuns: 300 },
  );
});

/** The expected starts of weekly hours: each span of the day's weekday walked like the hours. */
function expectedSpanStarts(zone: string, day: string, hours: WeeklyHours, step: number): string[] {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
  const spans = hours.find((d) => d.weekday === weekday)?.spans ?? [];
  const wallMidnight = Date.parse(`${day}T00:00:00Z`);
  const starts: string[] = [];
  for (let ms = wallMidnight - 15 * 3_600_000; ms < wallMidnight + 39 * 3_600_000; ms += STEP_MS) {
    const local = wallClock(zone, ms);
    if (local.day !== day) continue;
    const fits = spans.some((span) => {
      const from = local.minutes - minutesOfDay(span.start);
      return from >= 0 && from % step === 0 && local.minutes + step <= minutesOfDay(span.end);
    });
    if (fits) starts.push(new Date(ms).toISOString().replace('.000Z', 'Z'));
  }
  return starts;
}

/** Non-overlapping spans per weekday, on quarter hours: pairs of sorted distinct points. */
const weeklyHours = fc
  .array(fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 }), {
    minLength: 7,
    maxLength: 7,
  })
  .map((days): WeeklyHours =>
    days.map((points, index) => {
      const sorted = [...points].sort((a, b) => a - b);
      const spans = [];
      for (let i = 0; i + 1 < sorted.length; i += 2) {
        spans.push({ start: timeOfDay(sorted[i]! * 15), end: timeOfDay(sorted[i + 1]! * 15) });
      }
      return { weekday: index + 1, spans };
    }),
  );

it('places split-shift weekly hours as the independent computation does, on clock-change days too', () => {
  const changes = new Map<string, string[]>();
  const changeDaysOf = (zone: string) => {
    let days = changes.get(zone);
    if (!days) {
      days = changeDays(zone);
      changes.set(zone, days);
    }
    return days;
  };
  fc.assert(
    fc.property(
      fc.constantFrom(...ZONES).chain((zone) => {
        const around = changeDaysOf(zone);
        const anyDay = fc.integer({ min: 0, max: 1095 }).map((n) => addDays('2026-01-01', n));
        return fc.tuple(
          fc.constant(zone),
          around.length ? fc.oneof(fc.constantFrom(...around), anyDay) : anyDay,
        );
      }),
      weeklyHours,
      fc.constantFrom(15, 30, 45, 60, 90),
      ([zone, day], hours, step) => {
        const settings = calendarSettings({
          time_zone: zone,
          time_step: step,
          weekly_hours: hours,
        });
        const actual = scheduledSlots(settings, day, 1).map((s) => s.start);
        expect(actual).toEqual(expectedSpanStarts(zone, day, hours, step));
      },
    ),
    { numRuns: 300 },
  );
});

it('leaves the gap between two spans empty, across the New York fall-back night', () => {
  // Sunday 2026-11-01: 01:00–02:00 happens twice. Open 00:00–01:30 and 03:00–04:00.
  const settings = calendarSettings({
    time_step: 30,
    weekly_hours: [
      {
        weekday: 7,
        spans: [
          { start: '00:00', end: '01:30' },
          { start: '03:00', end: '04:00' },
        ],
      },
    ],
  });
  expect(scheduledSlots(settings, '2026-11-01', 1).map((s) => s.start)).toEqual([
    '2026-11-01T04:00:00Z', // 00:00 EDT
    '2026-11-01T04:30:00Z',
    '2026-11-01T05:00:00Z', // 01:00 EDT
    '2026-11-01T06:00:00Z', // 01:00 EST, the second time
    '2026-11-01T08:00:00Z', // 03:00 EST
    '2026-11-01T08:30:00Z',
  ]);
  // A weekday without spans is closed.
  expect(scheduledSlots(settings, '2026-11-02', 1)).toEqual([]);
});
