import { DateTime } from 'luxon';
import type { CalendarSettings } from './calendar.events';

export interface ScheduledSlot {
  /** UTC instant, ISO: also the slot's id within its calendar. */
  readonly start: string;
  readonly end: string;
  /** The facility-local day it falls on, YYYY-MM-DD. */
  readonly day: string;
}

/** A slot's id: its UTC start, to the minute. */
export const slotId = (start: DateTime | string): string =>
  (typeof start === 'string' ? DateTime.fromISO(start, { zone: 'utc' }) : start)
    .toUTC()
    .toISO({ suppressMilliseconds: true, suppressSeconds: false })!;

/**
 * The slots a calendar has on the facility-local days [fromDay, fromDay + days): working days only,
 * within date_from..date_to, from first_hour to last_hour every time_step minutes, and none that
 * overlaps a marked (blocked) time span. Local times that do not exist (the spring-forward hour)
 * are skipped; repeated ones (the fall-back hour) are offered once each.
 */
export function scheduledSlots(
  settings: CalendarSettings,
  fromDay: string,
  days: number,
  /** Only the slot starting at this instant (epoch ms), if there is one. */
  onlyStartMs?: number,
): ScheduledSlot[] {
  const zone = settings.time_zone;
  const blocked = settings.marked_time_spans.map((span) => [
    Date.parse(span.start),
    Date.parse(span.end),
  ]);
  const isBlocked = (startMs: number, endMs: number) =>
    blocked.some(([from, to]) => from! < endMs && startMs < to!);
  const stepMs = settings.time_step * 60_000;
  const slots: ScheduledSlot[] = [];
  const first = DateTime.fromISO(fromDay, { zone });
  for (let d = 0; d < days; d += 1) {
    const date = first.plus({ days: d });
    const day = date.toISODate()!;
    if (day < settings.date_from || (settings.date_to && day > settings.date_to)) continue;
    if (!settings.working_days.includes(date.weekday)) continue;
    const midnight = date.startOf('day');
    // Most days have one UTC offset all day: their slots are plain arithmetic. Only the two
    // days a year that change it go through the zone rules slot by slot.
    const steady = midnight.offset === midnight.endOf('day').offset;
    for (
      let minutes = settings.first_hour * 60;
      minutes + settings.time_step <= settings.last_hour * 60;
      minutes += settings.time_step
    ) {
      let startMs: number;
      if (steady) {
        startMs = midnight.toMillis() + minutes * 60_000;
      } else {
        const hour = Math.floor(minutes / 60);
        const minute = minutes % 60;
        const local = DateTime.fromObject(
          { year: date.year, month: date.month, day: date.day, hour, minute },
          { zone },
        );
        if (!local.isValid || local.hour !== hour || local.minute !== minute) continue;
        startMs = local.toMillis();
      }
      if (onlyStartMs !== undefined && startMs !== onlyStartMs) continue;
      const endMs = startMs + stepMs;
      if (isBlocked(startMs, endMs)) continue;
      slots.push({ start: isoMinute(startMs), end: isoMinute(endMs), day });
    }
  }
  return slots;
}

/** An instant as its slot id: ISO in UTC without milliseconds, e.g. 2026-11-24T14:00:00Z. */
const isoMinute = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Whether an instant is the start of one of the calendar's slots (and which). */
export function findSlot(settings: CalendarSettings, start: string): ScheduledSlot | null {
  const instant = DateTime.fromISO(start, { zone: 'utc' });
  if (!instant.isValid) return null;
  const id = slotId(instant);
  const day = instant.setZone(settings.time_zone).toISODate()!;
  // Only the requested start is formatted: a day has hundreds of slots.
  const [slot] = scheduledSlots(settings, day, 1, instant.startOf('minute').toMillis());
  return slot?.start === id ? slot : null;
}
