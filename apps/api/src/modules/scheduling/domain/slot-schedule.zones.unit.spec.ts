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
