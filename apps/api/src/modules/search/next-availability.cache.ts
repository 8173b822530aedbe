import type { NextAvailabilityView } from '@medbook/contracts';
import type { CalendarSettings } from '../scheduling/domain/calendar.events';
import { nextAvailability } from '../scheduling/week-calendar';

const MAX_ENTRIES = 50_000;
const EMPTY_VALID_MS = 60_000;

interface Entry {
  readonly version: string;
  readonly value: NextAvailabilityView | null;
  /** The found slot stays the first free one until now + minutes_before_showing_slots passes it. */
  readonly validUntil: number;
}

/**
 * Next availability per calendar, remembered while nothing it depends on changed: the calendar's
 * settings and its slots (both by read-model position) and the clock, which only moves the earliest
 * slot later. Computing it walks the schedule in the facility's zone, a few milliseconds a
 * calendar; a page of cards needs twenty.
 */
export class NextAvailabilityCache {
  private readonly entries = new Map<string, Entry>();

  find(
    settings: CalendarSettings,
    version: string,
    fromDay: string | null,
    now: Date,
    freePlaces: ReadonlyMap<string, number>,
  ): NextAvailabilityView | null {
    const key = `${settings.calendar_id}|${fromDay ?? ''}`;
    const cached = this.entries.get(key);
    if (cached && cached.version === version && now.getTime() <= cached.validUntil) {
      return cached.value;
    }
    const found = nextAvailability(settings, fromDay ?? undefined, now, freePlaces);
    const value: NextAvailabilityView | null = found
      ? {
          calendar_id: settings.calendar_id,
          facility_id: settings.facility_id,
          start_date: found.start_date,
          time_zone: settings.time_zone,
          visit_type: settings.visit_type,
        }
      : null;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, {
      version,
      value,
      validUntil: found
        ? Date.parse(found.start_date) - settings.minutes_before_showing_slots * 60_000
        : now.getTime() + EMPTY_VALID_MS,
    });
    return value;
  }
}
