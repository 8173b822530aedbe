import { FINAL_STATUSES, slotId } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { type RawBuilder, type Selectable, sql, type Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { DB } from '../../../infra/database/database.types';
import type { ProjectionContext } from '../../../infra/projections/projection';
import type { AppointmentDetails, AppointmentEvent } from '../domain/appointment.events';
import {
  type CalendarChangeEvent,
  type CalendarEvent,
  type CalendarSettings,
  isCalendarChange,
} from '../domain/calendar.events';
import { findSlot, scheduledSlots } from '../domain/slot-schedule';
import type { SlotEvent } from '../domain/slot.events';
import { publishSlot, publishStatusTo } from './scheduling-live';
import { arrayOf, type Scalar } from '../../../infra/projections/array-literals';

export type SchedulingEvent = CalendarEvent | SlotEvent | AppointmentEvent;

interface CalendarRow {
  readonly calendar_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly facility_id: string;
  readonly name: string;
  settings: CalendarSettings;
  position: string;
  /** Whether instants start a slot under the current settings (see offeredStarts); not a column. */
  offered?: Map<number, boolean>;
}

interface SlotRow {
  readonly calendar_id: string;
  /** start_at, epoch ms, and as written. */
  readonly startMs: number;
  readonly start_at: string;
  capacity: number;
  holds: number;
  bookings: number;
  position: string;
  /** Not in the table when the batch began: inserted plainly (no conflict to check). */
  readonly fresh: boolean;
}

interface AppointmentRow extends Pick<
  AppointmentDetails,
  | 'appointment_id'
  | 'calendar_id'
  | 'practice_id'
  | 'provider_id'
  | 'resource_id'
  | 'facility_id'
  | 'patient_id'
  | 'booked_by'
> {
  /** start_date, epoch ms, and as written. */
  startMs: number;
  start_date: string;
  end_date: string;
  readonly time_zone: string;
  readonly visit_type: string;
  readonly visit_schedule_type: string;
  readonly reason: string | null;
  status: string;
  rejected_by: string | null;
  cancel_reason: string | null;
  rejection_reason: string | null;
  readonly is_lab_test_appointment: boolean;
  readonly created_on: string;
  updated_at: string;
  position: string;
  outside_schedule: boolean;
  /** Not in the table when the batch began: inserted plainly (no conflict to check). */
  readonly fresh: boolean;
}

interface HoldRow {
  readonly hold_id: string;
  readonly calendar_id: string;
  readonly start_at: string;
  readonly patient_id: string;
  readonly expires_at: string;
}

/**
 * What a batch leaves of a hold: deleted, inserted unless already there (its row was not read),
 * or inserted over whatever was there (it was deleted earlier in the batch, then held again).
 */
type HoldOutcome =
  { readonly kind: 'deleted' } | { readonly kind: 'inserted' | 'replaced'; readonly row: HoldRow };

interface RequestLogRow {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly action: string;
  readonly action_by_userid: string;
  readonly action_at: string;
  readonly position: string;
}

/**
 * The rows a batch touches, read once before it and written once after it. A calendar changed in
 * the batch has every slot and every appointment not yet final, from its earliest change on, in
 * memory: what the flagging, the recount and the vanished slots look at.
 */
interface BatchState {
  readonly calendars: Map<string, CalendarRow>;
  /** By calendar id, then start_at (ms). */
  readonly slots: Map<string, Map<number, SlotRow>>;
  readonly appointments: Map<string, AppointmentRow>;
  /** The appointments in memory, by calendar id. */
  readonly appointmentsOf: Map<string, AppointmentRow[]>;
  readonly holds: Map<string, HoldOutcome>;
  readonly requestLogs: RequestLogRow[];
  readonly dirtyCalendars: Set<CalendarRow>;
  readonly dirtySlots: Set<SlotRow>;
  readonly dirtyAppointments: Set<AppointmentRow>;
}

const FINAL = new Set<string>(FINAL_STATUSES);

/** uuid columns compare case-insensitively: the maps' keys do too. */
const key = (id: string) => id.toLowerCase();
const iso = (ms: number) => new Date(ms).toISOString();
const timestamp = (value: Date | string) =>
  typeof value === 'string' ? value : value.toISOString();

/**
 * A batch of the scheduling projection's events, in log order: the rows it touches are read in
 * one query per table, the events folded over them in memory with the rules event-by-event
 * statements had, the live messages queued as each event is folded, and the changed rows
 * written in one statement per table. Replaying, nothing is published, so the work that only
 * serves messages (the vanished slots) is skipped.
 */
export async function applySchedulingBatch(
  events: readonly RecordedEvent[],
  context: ProjectionContext,
  handled: ReadonlySet<string>,
): Promise<void> {
  const mine: { recorded: RecordedEvent; event: SchedulingEvent }[] = [];
  for (const recorded of events) {
    if (!handled.has(recorded.type)) continue;
    mine.push({ recorded, event: { type: recorded.type, data: recorded.data } as SchedulingEvent });
  }
  if (mine.length === 0) return;
  const state = await load(
    context.trx,
    mine.map((m) => m.event),
  );
  const live = !context.replaying;
  for (const { recorded, event } of mine) {
    fold(state, event, String(recorded.globalPosition), recorded.globalPosition, context, live);
  }
  await save(context.trx, state);
}

async function load(trx: Transaction<DB>, events: readonly SchedulingEvent[]): Promise<BatchState> {
  const calendarIds = new Set<string>();
  const slotKeys = new Map<string, { calendar: string; start: string }>();
  const appointmentIds = new Set<string>();
  /** Each changed calendar's earliest change in the batch (ms). */
  const changedFrom = new Map<string, number>();
  for (const event of events) {
    if (isCalendarChange(event)) {
      const id = key(event.data.calendar_id);
      calendarIds.add(id);
      const from = Date.parse(event.data.changed_at);
      const known = changedFrom.get(id);
      if (known === undefined || from < known) changedFrom.set(id, from);
      continue;
    }
    switch (event.type) {
      case 'CalendarCreated':
        calendarIds.add(key(event.data.calendar_id));
        break;
      case 'SlotHeld':
      case 'SlotBooked':
      case 'SlotHoldReleased':
      case 'SlotBookingCanceled': {
        const calendar = key(event.data.calendar_id);
        // The capacity of a slot first touched is its calendar's.
        if (event.type === 'SlotHeld' || event.type === 'SlotBooked') calendarIds.add(calendar);
        const start = event.data.start;
        slotKeys.set(`${calendar}|${Date.parse(start)}`, { calendar, start });
        break;
      }
      case 'AppointmentBooked':
      case 'AppointmentStatusChanged':
      case 'AppointmentCanceled':
      case 'AppointmentRescheduled':
        appointmentIds.add(key(event.data.appointment_id));
        break;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }
  const ranges = [...changedFrom].filter(([, from]) => !Number.isNaN(from));
  const rangeCalendars = ranges.map(([id]) => id);
  const rangeFrom = ranges.map(([, from]) => iso(from));
  const keys = [...slotKeys.values()];
  // Each key is looked up alone (LATERAL ... OFFSET 0, a nested loop over the index): during a
  // rebuild the copies' statistics lag behind their growth, and a hash join over a scan of the
  // whole table grew with the log. The rows by key and by range come in one query per table: a
  // transaction's queries take turns on its connection, one round trip each.
  const uuids = (ids: readonly string[]) => sql`${arrayOf(ids, (id) => id)}::text::uuid[]`;
  const instants = (values: readonly string[]) =>
    sql`${arrayOf(values, (value) => value)}::text::timestamptz[]`;
  const calendars =
    calendarIds.size === 0
      ? []
      : await trx
          .selectFrom('rm_calendars')
          .selectAll()
          .where(sql<boolean>`calendar_id = ANY(${uuids([...calendarIds])})`)
          .execute();
  const slotRows =
    keys.length === 0 && ranges.length === 0
      ? []
      : (
          await sql<SlotRecord>`
            SELECT s.calendar_id, s.start_at, s.capacity, s.holds, s.bookings, s.position
              FROM unnest(${uuids(keys.map((k) => k.calendar))}, ${instants(keys.map((k) => k.start))})
                   AS k(calendar_id, start_at)
             CROSS JOIN LATERAL (SELECT * FROM rm_slot_capacity s
                WHERE s.calendar_id = k.calendar_id AND s.start_at = k.start_at OFFSET 0) s
            UNION ALL
            SELECT s.calendar_id, s.start_at, s.capacity, s.holds, s.bookings, s.position
              FROM unnest(${uuids(rangeCalendars)}, ${instants(rangeFrom)}) AS k(calendar_id, start_at)
             CROSS JOIN LATERAL (SELECT * FROM rm_slot_capacity s
                WHERE s.calendar_id = k.calendar_id AND s.start_at >= k.start_at OFFSET 0) s`.execute(
            trx,
          )
        ).rows;
  // Final appointments are never flagged; those the batch changes are read by id.
  const appointmentRows =
    appointmentIds.size === 0 && ranges.length === 0
      ? []
      : (
          await sql<Selectable<DB['rm_appointments']>>`
            SELECT a.* FROM unnest(${uuids([...appointmentIds])}) AS k(appointment_id)
             CROSS JOIN LATERAL (SELECT * FROM rm_appointments a
                WHERE a.appointment_id = k.appointment_id OFFSET 0) a
            UNION ALL
            SELECT a.* FROM unnest(${uuids(rangeCalendars)}, ${instants(rangeFrom)})
                   AS k(calendar_id, start_date)
             CROSS JOIN LATERAL (SELECT * FROM rm_appointments a
                WHERE a.calendar_id = k.calendar_id AND a.start_date >= k.start_date
                  AND a.status <> ALL(${arrayOf([...FINAL_STATUSES], (status) => status)}::text::text[])
                OFFSET 0) a`.execute(trx)
        ).rows;
  const state: BatchState = {
    calendars: new Map(),
    slots: new Map(),
    appointments: new Map(),
    appointmentsOf: new Map(),
    holds: new Map(),
    requestLogs: [],
    dirtyCalendars: new Set(),
    dirtySlots: new Set(),
    dirtyAppointments: new Set(),
  };
  for (const row of calendars) {
    state.calendars.set(key(row.calendar_id), {
      calendar_id: row.calendar_id,
      practice_id: row.practice_id,
      provider_id: row.provider_id,
      resource_id: row.resource_id,
      facility_id: row.facility_id,
      name: row.name,
      settings: row.settings as CalendarSettings,
      position: String(row.position),
    });
  }
  for (const row of slotRows) {
    const startMs = row.start_at.getTime();
    if (slotOf(state, row.calendar_id, startMs)) continue;
    addSlot(state, {
      calendar_id: row.calendar_id,
      startMs,
      start_at: row.start_at.toISOString(),
      capacity: row.capacity,
      holds: row.holds,
      bookings: row.bookings,
      position: String(row.position),
      fresh: false,
    });
  }
  for (const row of appointmentRows) {
    if (state.appointments.has(key(row.appointment_id))) continue;
    addAppointment(state, {
      appointment_id: row.appointment_id,
      calendar_id: row.calendar_id,
      practice_id: row.practice_id,
      provider_id: row.provider_id,
      resource_id: row.resource_id,
      facility_id: row.facility_id,
      patient_id: row.patient_id,
      booked_by: row.booked_by,
      startMs: row.start_date.getTime(),
      start_date: row.start_date.toISOString(),
      end_date: timestamp(row.end_date),
      time_zone: row.time_zone,
      visit_type: row.visit_type,
      visit_schedule_type: row.visit_schedule_type,
      reason: row.reason,
      status: row.status,
      rejected_by: row.rejected_by,
      cancel_reason: row.cancel_reason,
      rejection_reason: row.rejection_reason,
      is_lab_test_appointment: row.is_lab_test_appointment,
      created_on: timestamp(row.created_on),
      updated_at: timestamp(row.updated_at),
      position: String(row.position),
      outside_schedule: row.outside_schedule,
      fresh: false,
    });
  }
  return state;
}

interface SlotRecord {
  calendar_id: string;
  start_at: Date;
  capacity: number;
  holds: number;
  bookings: number;
  position: string | number;
}

function slotOf(state: BatchState, calendarId: string, startMs: number): SlotRow | undefined {
  return state.slots.get(key(calendarId))?.get(startMs);
}

function addSlot(state: BatchState, row: SlotRow): void {
  const calendar = key(row.calendar_id);
  let slots = state.slots.get(calendar);
  if (!slots) {
    slots = new Map();
    state.slots.set(calendar, slots);
  }
  slots.set(row.startMs, row);
}

function addAppointment(state: BatchState, row: AppointmentRow): void {
  state.appointments.set(key(row.appointment_id), row);
  const calendar = key(row.calendar_id);
  const rows = state.appointmentsOf.get(calendar);
  if (rows) rows.push(row);
  else state.appointmentsOf.set(calendar, [row]);
}

function deleteHold(state: BatchState, holdId: string): void {
  state.holds.set(key(holdId), { kind: 'deleted' });
}

function insertHold(state: BatchState, row: HoldRow): void {
  const id = key(row.hold_id);
  const before = state.holds.get(id);
  if (!before) state.holds.set(id, { kind: 'inserted', row });
  else if (before.kind === 'deleted') state.holds.set(id, { kind: 'replaced', row });
  // Already there: ON CONFLICT DO NOTHING.
}

/** One event over the batch's rows, with the rules the event-by-event statements had. */
function fold(
  state: BatchState,
  event: SchedulingEvent,
  position: string,
  at: number,
  context: ProjectionContext,
  live: boolean,
): void {
  if (isCalendarChange(event)) {
    settingsChange(state, event.data, position, at, context, live);
    return;
  }
  switch (event.type) {
    case 'CalendarCreated': {
      const { created_at: _, ...settings } = event.data;
      const id = key(settings.calendar_id);
      if (state.calendars.has(id)) return;
      const row: CalendarRow = {
        calendar_id: settings.calendar_id,
        practice_id: settings.practice_id,
        provider_id: settings.provider_id ?? null,
        resource_id: settings.resource_id ?? null,
        facility_id: settings.facility_id,
        name: settings.name,
        settings,
        position,
      };
      state.calendars.set(id, row);
      state.dirtyCalendars.add(row);
      return;
    }
    case 'SlotHeld':
    case 'SlotBooked': {
      const d = event.data;
      const holds = event.type === 'SlotHeld' ? 1 : d.hold_id ? -1 : 0;
      const bookings = event.type === 'SlotBooked' ? 1 : 0;
      const startMs = Date.parse(d.start);
      let row = slotOf(state, d.calendar_id, startMs);
      if (!row) {
        // The calendar's capacity as it is now: a hold decided just before a change of capacity
        // committed after it still counts against the new one. The event's own is the fallback
        // for a calendar the read model does not have.
        const calendarCapacity = state.calendars.get(key(d.calendar_id))?.settings.booking_capacity;
        row = {
          calendar_id: d.calendar_id,
          startMs,
          start_at: d.start,
          capacity: calendarCapacity == null ? d.capacity : Number(calendarCapacity),
          holds: 0,
          bookings: 0,
          position,
          fresh: true,
        };
        addSlot(state, row);
      }
      row.holds += holds;
      row.bookings += bookings;
      row.position = position;
      state.dirtySlots.add(row);
      if (event.type === 'SlotHeld') {
        insertHold(state, {
          hold_id: event.data.hold_id,
          calendar_id: d.calendar_id,
          start_at: d.start,
          patient_id: event.data.patient_id,
          expires_at: event.data.expires_at,
        });
      } else if (event.data.hold_id) {
        deleteHold(state, event.data.hold_id);
      }
      // A booking that consumed a hold leaves the free places as they were.
      if (live && holds + bookings !== 0) {
        publishSlot(context, d.calendar_id, d.start, row, 'decrement', at);
      }
      return;
    }
    case 'SlotHoldReleased':
    case 'SlotBookingCanceled': {
      const d = event.data;
      const released = event.type === 'SlotHoldReleased';
      if (released) deleteHold(state, event.data.hold_id);
      const row = slotOf(state, d.calendar_id, Date.parse(d.start));
      if (!row) return;
      if (released) row.holds -= 1;
      else row.bookings -= 1;
      row.position = position;
      state.dirtySlots.add(row);
      if (live) publishSlot(context, d.calendar_id, d.start, row, 'increment', at);
      return;
    }
    case 'AppointmentBooked': {
      const d = event.data;
      if (!state.appointments.has(key(d.appointment_id))) {
        const row: AppointmentRow = {
          appointment_id: d.appointment_id,
          calendar_id: d.calendar_id,
          practice_id: d.practice_id,
          provider_id: d.provider_id ?? null,
          resource_id: d.resource_id ?? null,
          facility_id: d.facility_id,
          patient_id: d.patient_id,
          booked_by: d.booked_by,
          startMs: Date.parse(d.start_date),
          start_date: d.start_date,
          end_date: d.end_date,
          time_zone: d.time_zone,
          visit_type: d.visit_type,
          visit_schedule_type: d.visit_schedule_type,
          reason: d.reason ?? null,
          status: d.status,
          rejected_by: null,
          cancel_reason: null,
          rejection_reason: null,
          is_lab_test_appointment: d.is_lab_test_appointment === true,
          created_on: d.booked_at,
          updated_at: d.booked_at,
          position,
          outside_schedule: false,
          fresh: true,
        };
        addAppointment(state, row);
        state.dirtyAppointments.add(row);
      }
      if (live) publishStatusTo(context, d, d.appointment_id, d.status, d.booked_at, at);
      return;
    }
    case 'AppointmentStatusChanged':
    case 'AppointmentCanceled': {
      const d = event.data;
      const row = state.appointments.get(key(d.appointment_id));
      if (!row) return;
      const canceled = event.type === 'AppointmentCanceled';
      const changedAt = canceled ? event.data.canceled_at : event.data.changed_at;
      const status = canceled ? 'Canceled' : event.data.status;
      row.status = status;
      row.updated_at = changedAt;
      row.position = position;
      // Fields an event lacks are left as they were.
      if (canceled && event.data.reason !== undefined) row.cancel_reason = event.data.reason;
      if (!canceled && event.data.rejected_by) row.rejected_by = event.data.rejected_by;
      // A rejection tells why (events from before reasons were asked for: none).
      if (!canceled && event.data.status === 'Rejected') {
        row.rejection_reason = event.data.reason ?? null;
      }
      state.dirtyAppointments.add(row);
      if (!canceled && event.data.from === 'Pending') {
        state.requestLogs.push({
          appointment_id: d.appointment_id,
          practice_id: row.practice_id,
          action: event.data.status,
          action_by_userid: event.data.changed_by,
          action_at: event.data.changed_at,
          position,
        });
      }
      if (live) publishStatusTo(context, row, d.appointment_id, status, changedAt, at);
      return;
    }
    case 'AppointmentRescheduled': {
      const d = event.data;
      const row = state.appointments.get(key(d.appointment_id));
      if (!row) return;
      row.startMs = Date.parse(d.start_date);
      row.start_date = d.start_date;
      row.end_date = d.end_date;
      row.updated_at = d.rescheduled_at;
      row.position = position;
      state.dirtyAppointments.add(row);
      if (live) publishStatusTo(context, row, d.appointment_id, row.status, d.rescheduled_at, at);
      return;
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

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
function settingsChange(
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

/** The rows' columns as unnest's arguments: each an array literal cast to its column type. */
function columns<T>(rows: readonly T[], spec: readonly [(row: T) => Scalar, string][]) {
  return sql.join(
    spec.map(([value, type]) => sql`${arrayOf(rows, value)}::text::${sql.raw(type)}[]`),
  );
}

/**
 * Rows new to the table and rows already in it: the new ones were looked up at the batch's
 * start and not found, so they are inserted without the conflict check (a speculative insertion
 * per row, half again the cost of the insert); the others are upserted.
 */
function split<T extends { readonly fresh: boolean }>(rows: readonly T[]): [T[], boolean][] {
  const parts: [T[], boolean][] = [];
  const fresh = rows.filter((row) => row.fresh);
  const known = rows.filter((row) => !row.fresh);
  if (fresh.length > 0) parts.push([fresh, true]);
  if (known.length > 0) parts.push([known, false]);
  return parts;
}

/**
 * The changed rows, a statement per table (and kind of write) run as the CTEs of one statement:
 * a transaction's queries take turns on its connection, one round trip each. They write
 * disjoint rows, so none needs to see another's.
 */
async function save(trx: Transaction<DB>, state: BatchState): Promise<void> {
  const writes: RawBuilder<unknown>[] = [];
  const calendars = [...state.dirtyCalendars];
  if (calendars.length > 0) {
    writes.push(
      sql`INSERT INTO rm_calendars
            (calendar_id, practice_id, provider_id, resource_id, facility_id, name, settings, position)
          SELECT c, p, pr, r, f, n, s::jsonb, pos
            FROM unnest(${columns(calendars, [
              [(c) => c.calendar_id, 'uuid'],
              [(c) => c.practice_id, 'uuid'],
              [(c) => c.provider_id, 'uuid'],
              [(c) => c.resource_id, 'uuid'],
              [(c) => c.facility_id, 'uuid'],
              [(c) => c.name, 'text'],
              [(c) => JSON.stringify(c.settings), 'text'],
              [(c) => c.position, 'bigint'],
            ])}) AS t(c, p, pr, r, f, n, s, pos)
          ON CONFLICT (calendar_id) DO UPDATE
            SET settings = excluded.settings, position = excluded.position`,
    );
  }
  const slots = [...state.dirtySlots];
  for (const [rows, fresh] of split(slots)) {
    writes.push(
      sql`INSERT INTO rm_slot_capacity (calendar_id, start_at, capacity, holds, bookings, position)
          SELECT * FROM unnest(${columns(rows, [
            [(s) => s.calendar_id, 'uuid'],
            [(s) => s.start_at, 'timestamptz'],
            [(s) => s.capacity, 'int'],
            [(s) => s.holds, 'int'],
            [(s) => s.bookings, 'int'],
            [(s) => s.position, 'bigint'],
          ])})
          ${
            fresh
              ? sql``
              : sql`ON CONFLICT (calendar_id, start_at) DO UPDATE
                      SET capacity = excluded.capacity, holds = excluded.holds,
                          bookings = excluded.bookings, position = excluded.position`
          }`,
    );
  }
  const deleted: string[] = [];
  const inserted: HoldRow[] = [];
  const replaced: HoldRow[] = [];
  for (const [id, outcome] of state.holds) {
    if (outcome.kind === 'deleted') deleted.push(id);
    else (outcome.kind === 'inserted' ? inserted : replaced).push(outcome.row);
  }
  if (deleted.length > 0) {
    writes.push(
      sql`DELETE FROM rm_slot_holds
           WHERE hold_id = ANY(${arrayOf(deleted, (id) => id)}::text::uuid[])`,
    );
  }
  for (const [rows, replace] of [
    [inserted, false],
    [replaced, true],
  ] as const) {
    if (rows.length === 0) continue;
    writes.push(
      sql`INSERT INTO rm_slot_holds (hold_id, calendar_id, start_at, patient_id, expires_at)
          SELECT * FROM unnest(${columns(rows, [
            [(h) => h.hold_id, 'uuid'],
            [(h) => h.calendar_id, 'uuid'],
            [(h) => h.start_at, 'timestamptz'],
            [(h) => h.patient_id, 'uuid'],
            [(h) => h.expires_at, 'timestamptz'],
          ])})
          ON CONFLICT (hold_id) ${
            replace
              ? sql`DO UPDATE SET calendar_id = excluded.calendar_id, start_at = excluded.start_at,
                      patient_id = excluded.patient_id, expires_at = excluded.expires_at`
              : sql`DO NOTHING`
          }`,
    );
  }
  const appointments = [...state.dirtyAppointments];
  for (const [rows, fresh] of split(appointments)) {
    writes.push(
      sql`INSERT INTO rm_appointments
            (appointment_id, calendar_id, practice_id, provider_id, resource_id, facility_id,
             patient_id, booked_by, start_date, end_date, time_zone, visit_type,
             visit_schedule_type, reason, status, rejected_by, cancel_reason, created_on,
             updated_at, position, outside_schedule, rejection_reason, is_lab_test_appointment)
          SELECT * FROM unnest(${columns(rows, [
            [(a) => a.appointment_id, 'uuid'],
            [(a) => a.calendar_id, 'uuid'],
            [(a) => a.practice_id, 'uuid'],
            [(a) => a.provider_id, 'uuid'],
            [(a) => a.resource_id, 'uuid'],
            [(a) => a.facility_id, 'uuid'],
            [(a) => a.patient_id, 'uuid'],
            [(a) => a.booked_by, 'uuid'],
            [(a) => a.start_date, 'timestamptz'],
            [(a) => a.end_date, 'timestamptz'],
            [(a) => a.time_zone, 'text'],
            [(a) => a.visit_type, 'text'],
            [(a) => a.visit_schedule_type, 'text'],
            [(a) => a.reason, 'text'],
            [(a) => a.status, 'text'],
            [(a) => a.rejected_by, 'uuid'],
            [(a) => a.cancel_reason, 'text'],
            [(a) => a.created_on, 'timestamptz'],
            [(a) => a.updated_at, 'timestamptz'],
            [(a) => a.position, 'bigint'],
            [(a) => a.outside_schedule, 'boolean'],
            [(a) => a.rejection_reason, 'text'],
            [(a) => a.is_lab_test_appointment, 'boolean'],
          ])})
          ${
            fresh
              ? sql``
              : sql`ON CONFLICT (appointment_id) DO UPDATE
                      SET start_date = excluded.start_date, end_date = excluded.end_date,
                          status = excluded.status, rejected_by = excluded.rejected_by,
                          cancel_reason = excluded.cancel_reason, updated_at = excluded.updated_at,
                          position = excluded.position,
                          outside_schedule = excluded.outside_schedule,
                          rejection_reason = excluded.rejection_reason`
          }`,
    );
  }
  const logs = state.requestLogs;
  if (logs.length > 0) {
    writes.push(
      sql`INSERT INTO rm_appointment_request_logs
            (appointment_id, practice_id, action, action_by_userid, action_at, position)
          SELECT * FROM unnest(${columns(logs, [
            [(l) => l.appointment_id, 'uuid'],
            [(l) => l.practice_id, 'uuid'],
            [(l) => l.action, 'text'],
            [(l) => l.action_by_userid, 'uuid'],
            [(l) => l.action_at, 'timestamptz'],
            [(l) => l.position, 'bigint'],
          ])})
          ON CONFLICT (position) DO NOTHING`,
    );
  }
  const [only] = writes;
  if (writes.length === 1 && only) await only.execute(trx);
  else if (writes.length > 1) {
    await sql`WITH ${sql.join(writes.map((write, i) => sql`${sql.raw(`w${i}`)} AS (${write})`))}
              SELECT 1`.execute(trx);
  }
}
