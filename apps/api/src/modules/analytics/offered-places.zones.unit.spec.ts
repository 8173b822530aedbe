import { timeOfDay, type WeeklyHours } from '@medbook/contracts';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { calendarSettings } from '../scheduling/domain/calendar-settings.fixture.spec';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import { scheduledSlots } from '../scheduling/domain/slot-schedule';
import { addDays, placesOffered, type ScheduleVersion, slotsStartingIn } from './offered-places';

/**
 * The places counted without formatting slots are the ones scheduledSlots gives: for random
 * settings, zones and days, above all the days the clocks change on (at midnight in Santiago,
 * Havana, Beirut, Cairo and Asunción; by half an hour on Lord Howe; in zones 45 minutes off the
 * hour), every slot of the day compared, and whole weeks of versions against the count made by
 * walking scheduledSlots' slots.
 */
const FOCUS_ZONES = [
  'America/Santiago',
  'America/Havana',
  'Asia/Beirut',
  'Africa/Cairo',
  'America/Asuncion',
  'America/Nuuk',
  'America/Scoresbysund',
  'Atlantic/Azores',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kathmandu',
  'Australia/Eucla',
  'America/St_Johns',
  'Asia/Tehran',
  'Pacific/Apia',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'America/New_York',
  'Europe/London',
  'Europe/Dublin',
  'UTC',
];
const ALL_ZONES = Intl.supportedValuesOf('timeZone');

/**
 * Days around the clock changes of a zone (luxon's offset at UTC noon changes): in 2016–2028 for
 * the focus zones, in 2026–2027 for the others (scanning years of every zone takes long).
 */
const changeDaysByZone = new Map<string, string[]>();
function changeDays(zone: string): string[] {
  let days = changeDaysByZone.get(zone);
  if (days) return days;
  days = [];
  const [first, last] = FOCUS_ZONES.includes(zone)
    ? ['2016-01-01', '2028-12-31']
    : ['2026-01-01', '2027-12-31'];
  let previous: number | null = null;
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const offset = DateTime.fromMillis(Date.parse(`${day}T12:00:00Z`), { zone }).offset;
    if (previous !== null && offset !== previous) {
      days.push(addDays(day, -2), addDays(day, -1), day, addDays(day, 1));
    }
    previous = offset;
  }
  changeDaysByZone.set(zone, days);
  return days;
}

/** The slots of one day starting in [fromMs, untilMs), by formatting them all. */
const bySlots = (settings: CalendarSettings, day: string, fromMs: number, untilMs: number) =>
  scheduledSlots(settings, day, 1).filter((slot) => {
    const startMs = Date.parse(slot.start);
    return startMs >= fromMs && startMs < untilMs;
  }).length;

/** placesOffered as it was: every slot of the week under each version, formatted and read back. */
function placesBySlots(versions: readonly ScheduleVersion[], weekStart: string): number {
  let places = 0;
  versions.forEach((version, i) => {
    const untilMs = versions[i + 1]?.fromMs ?? Number.POSITIVE_INFINITY;
    for (const slot of scheduledSlots(version.settings, weekStart, 7)) {
      const startMs = Date.parse(slot.start);
      if (startMs >= version.fromMs && startMs < untilMs) {
        places += version.settings.booking_capacity;
      }
    }
  });
  return places;
}

const zone = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FOCUS_ZONES) },
  { weight: 1, arbitrary: fc.constantFrom(...ALL_ZONES) },
);

/** A zone and a day in it: one the clocks change around, or any day of 2016–2028. */
const zoneAndDay = zone.chain((z) => {
  const changes = changeDays(z);
  const anyDay = fc.integer({ min: 0, max: 4747 }).map((n) => addDays('2016-01-01', n));
  return fc.tuple(
    fc.constant(z),
    changes.length > 0 ? fc.oneof(fc.constantFrom(...changes), anyDay) : anyDay,
  );
});

/** Settings for a zone around a day: hours, step, working days, dates, blocked spans, capacity. */
const settingsAround = (z: string, day: string) =>
  fc
    .record({
      firstHour: fc.integer({ min: 0, max: 23 }),
      span: fc.integer({ min: 1, max: 24 }),
      step: fc.constantFrom(10, 15, 20, 30, 45, 60, 90, 120),
      workingDays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
      dateFrom: fc.integer({ min: -3, max: 2 }),
      dateTo: fc.option(fc.integer({ min: -2, max: 9 })),
      capacity: fc.integer({ min: 1, max: 4 }),
      // Blocked spans anywhere from a day before to two days after the day's UTC midnight.
      spans: fc.array(
        fc.tuple(fc.integer({ min: -96, max: 192 }), fc.integer({ min: 1, max: 40 })),
        { maxLength: 4 },
      ),
      // Split shifts on half the runs: per weekday, spans between sorted quarter-hour points.
      weekly: fc.option(
        fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 }), {
          minLength: 7,
          maxLength: 7,
        }),
      ),
    })
    .map((r) => {
      const wall = Date.parse(`${day}T00:00:00Z`);
      const quarter = 15 * 60_000;
      return calendarSettings({
        time_zone: z,
        first_hour: r.firstHour,
        last_hour: Math.min(24, r.firstHour + r.span),
        time_step: r.step,
        working_days: r.workingDays,
        date_from: addDays(day, r.dateFrom),
        date_to: r.dateTo === null ? null : addDays(day, r.dateTo),
        booking_capacity: r.capacity,
        marked_time_spans: r.spans.map(([at, length]) => ({
          start: new Date(wall + at * quarter).toISOString(),
          end: new Date(wall + (at + length) * quarter).toISOString(),
        })),
        weekly_hours: r.weekly && weeklyHoursFrom(r.weekly),
      });
    });

/** Weekly hours from each weekday's quarter-hour points, taken in pairs (start, end). */
function weeklyHoursFrom(points: readonly (readonly number[])[]): WeeklyHours {
  return points.map((day, index) => {
    const sorted = [...day].sort((a, b) => a - b);
    const spans = [];
    for (let i = 0; i + 1 < sorted.length; i += 2) {
      spans.push({ start: timeOfDay(sorted[i]! * 15), end: timeOfDay(sorted[i + 1]! * 15) });
    }
    return { weekday: index + 1, spans };
  });
}

/** An instant around a day (in quarter hours from its UTC midnight), or none at all. */
const edge = (day: string, none: number) =>
  fc.oneof(
    fc.constant(none),
    fc
      .integer({ min: -60, max: 160 })
      .map((q) => Date.parse(`${day}T00:00:00Z`) + q * 15 * 60_000 + (q % 3) * 7 * 60_000),
  );

it("counts a day's slots in a time as scheduledSlots gives them, in any zone on any day", () => {
  fc.assert(
    fc.property(
      zoneAndDay.chain(([z, day]) =>
        fc.tuple(
          fc.constant(day),
          settingsAround(z, day),
          edge(day, Number.NEGATIVE_INFINITY),
          edge(day, Number.POSITIVE_INFINITY),
        ),
      ),
      ([day, settings, fromMs, untilMs]) => {
        expect(slotsStartingIn(settings, day, fromMs, untilMs)).toBe(
          bySlots(settings, day, fromMs, untilMs),
        );
      },
    ),
    { numRuns: 2000 },
  );
});

it('counts every clock-change day of the focus zones, open all day, as scheduledSlots', () => {
  let checked = 0;
  for (const z of FOCUS_ZONES) {
    for (const day of changeDays(z)) {
      for (const step of [15, 45, 60]) {
        const settings = calendarSettings({
          time_zone: z,
          first_hour: 0,
          last_hour: 24,
          time_step: step,
          date_from: '2000-01-01',
        });
        const all = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY] as const;
        expect({ z, day, step, n: slotsStartingIn(settings, day, ...all) }).toEqual({
          z,
          day,
          step,
          n: bySlots(settings, day, ...all),
        });
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThan(FOCUS_ZONES.length);
});

it('counts the places of a week of versions as walking their slots does', () => {
  fc.assert(
    fc.property(
      zoneAndDay.chain(([z, day]) => {
        const week = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
        const weekMs = Date.parse(`${week}T00:00:00Z`);
        return fc.tuple(
          fc.constant(week),
          fc
            .array(
              fc.tuple(
                // When the version starts: hours around the week, some minutes off the hour.
                fc.integer({ min: -72, max: 240 }),
                fc.integer({ min: 0, max: 59 }),
                settingsAround(z, addDays(week, 3)),
              ),
              { minLength: 1, maxLength: 5 },
            )
            .map((drawn) =>
              drawn
                .map(([hours, minutes, settings]) => ({
                  fromMs: weekMs + hours * 3_600_000 + minutes * 60_000,
                  settings,
                }))
                .sort((a, b) => a.fromMs - b.fromMs),
            ),
        );
      }),
      ([week, versions]) => {
        expect(placesOffered(versions, week)).toBe(placesBySlots(versions, week));
      },
    ),
    { numRuns: 1500 },
  );
});
