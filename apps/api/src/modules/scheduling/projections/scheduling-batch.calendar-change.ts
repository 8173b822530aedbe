// A calendar change inside a scheduling batch: merged settings, flagged visits, recounted and vanished slots.
import { slotId } from '@medbook/contracts';
import { DateTime } from 'luxon';
import type { ProjectionContext } from '../../../infra/projections/projection';
import { type CalendarChangeEvent, type CalendarSettings } from '../domain/calendar.events';
import { findSlot, scheduledSlots } from '../domain/slot-schedule';
import { publishSlot } from './scheduling-live';
import type { BatchState } from './scheduling-batch.state';
import { FINAL, key, iso, slotOf } from './scheduling-batch.state';

/** Settings that move, add or take away slots. */
const GRID_FIELDS = [
  'first_hour',
  'last_hour',
  'time_step',
  'working_days',
  'weekly_hours',
  'date_from',
  'date_to',
  'marked_time_spans',
] as const;

/**
 * Any change of a calendar's settings: the fields it wrote are merged; booked visits the new hours
 * or blocks no longer offer are flagged, a new capacity recounts the slots already in use, and
 * slots that vanished are pushed.
 */
export function settingsChange(
  state: BatchState,
  d: CalendarChangeEvent['data'],
  position: string,
  at: number,
  context: ProjectionContext,
  live: boolean,
): void {
  const calendar = state.calendars.get(key(d.calendar_id));
  if (!calendar) return;
  const before = calendar.settings;
  const settings = { ...before, ...d.after } as CalendarSettings;
  calendar.settings = settings;
  calendar.position = position;
  state.dirtyCalendars.add(calendar);
  // Booked visits keep their place; those the new hours or blocks no longer offer are flagged.
  const from = Date.parse(d.changed_at);
  const upcoming = (state.appointmentsOf.get(key(d.calendar_id)) ?? []).filter(
    (a) => a.startMs >= from && !FINAL.has(a.status),
  );
  // The order only of the message's list.
  if (live) {
    upcoming.sort(
      (a, b) => a.startMs - b.startMs || (a.appointment_id < b.appointment_id ? -1 : 1),
    );
  }
  const outside: string[] = [];
  const gridChanged = GRID_FIELDS.some((field) => field in d.after);
  if (gridChanged || !calendar.offered) calendar.offered = offeredStarts(settings);
  const offered = calendar.offered;
  for (const appointment of upcoming) {
    let found = offered.get(appointment.startMs);
    if (found === undefined) {
      found = findSlot(settings, iso(appointment.startMs)) !== null;
      offered.set(appointment.startMs, found);
    }
    const flagged = !found;
    if (flagged) outside.push(appointment.appointment_id);
    if (appointment.outside_schedule !== flagged) {
      appointment.outside_schedule = flagged;
      state.dirtyAppointments.add(appointment);
    }
  }
  if ('booking_capacity' in d.after) {
    recountSlots(
      state,
      context,
      live,
      d.calendar_id,
      settings.booking_capacity,
      from,
      position,
      at,
    );
  }
  if (live && gridChanged) {
    publishVanished(state, context, before, settings, d.changed_at, at);
  }
  if (live) {
    context.publish(`calendar:${d.calendar_id}`, 'calendar.changed', {
      calendar_id: d.calendar_id,
      outside_schedule: outside,
      position: at,
    });
  }
}

/**
 * Whether each instant asked about starts a slot, by the settings that place slots: a change
 * that leaves them as they were (a new capacity, a rename) looks its booked visits up again here
 * instead of through the zone rules. Calendars of equal hours share them. Bounded like the slot
 * schedule's own memos.
 */
const offeredByGrid = new Map<string, Map<number, boolean>>();
const OFFERED_GRIDS = 1000;
const OFFERED_STARTS = 20_000;

function offeredStarts(settings: CalendarSettings): Map<number, boolean> {
  const grid = JSON.stringify([
    settings.time_zone,
    settings.first_hour,
    settings.last_hour,
    settings.time_step,
    settings.working_days,
    settings.weekly_hours ?? null,
    settings.date_from,
    settings.date_to,
    settings.marked_time_spans,
  ]);
  let offered = offeredByGrid.get(grid);
  if (!offered || offered.size >= OFFERED_STARTS) {
    if (offeredByGrid.size >= OFFERED_GRIDS) offeredByGrid.clear();
    offered = new Map();
    offeredByGrid.set(grid, offered);
  }
  return offered;
}

/** How far ahead slots that vanish are pushed one by one; open views refetch on calendar.changed. */
const VANISHED_HORIZON_DAYS = 35;

/**
 * Slots the old settings offered and the new ones do not (hours shrunk, a span blocked, a day
 * dropped), from the change on: each that still had free places is pushed as removed, so open
 * week views drop it at once. Booked visits in them are kept (and flagged outside_schedule).
 */
function publishVanished(
  state: BatchState,
  context: ProjectionContext,
  before: CalendarSettings,
  after: CalendarSettings,
  changedAt: string,
  at: number,
): void {
  const from = DateTime.fromISO(changedAt, { zone: before.time_zone }).toISODate()!;
  const now = Date.parse(changedAt);
  const offered = new Set(
    scheduledSlots(after, from, VANISHED_HORIZON_DAYS).map((slot) => slot.start),
  );
  const vanished = scheduledSlots(before, from, VANISHED_HORIZON_DAYS).filter(
    (slot) => !offered.has(slot.start) && Date.parse(slot.start) >= now,
  );
  for (const slot of vanished) {
    const row = slotOf(state, after.calendar_id, Date.parse(slot.start));
    const free = row ? row.capacity - row.holds - row.bookings : before.booking_capacity;
    if (free <= 0) continue; // already pushed as removed when its last place went
    context.publish(`calendar:${after.calendar_id}`, 'slot.changed', {
      calendar_id: after.calendar_id,
      slot_id: slot.start,
      start_date: slot.start,
      action: 'removed',
      booking_capacity: 0,
      position: at,
    });
  }
}

/**
 * A new capacity per slot for the calendar's slots already held or booked, from the change on:
 * each whose free places change is pushed (a rise as increment, a drop as decrement or removed).
 * Bookings are kept: free places are max(0, capacity - bookings - holds).
 */
function recountSlots(
  state: BatchState,
  context: ProjectionContext,
  live: boolean,
  calendarId: string,
  capacity: number,
  from: number,
  position: string,
  at: number,
): void {
  if (typeof capacity !== 'number') return;
  const rows = [...(state.slots.get(key(calendarId))?.values() ?? [])]
    .filter((row) => row.startMs >= from && row.capacity !== capacity)
    .sort((a, b) => a.startMs - b.startMs);
  for (const row of rows) {
    const old = row.capacity;
    row.capacity = capacity;
    row.position = position;
    state.dirtySlots.add(row);
    if (!live) continue;
    const taken = row.holds + row.bookings;
    const was = Math.max(0, old - taken);
    const now = Math.max(0, row.capacity - taken);
    if (now === was) continue;
    publishSlot(
      context,
      calendarId,
      slotId(row.startMs),
      row,
      now > was ? 'increment' : 'decrement',
      at,
    );
  }
}
