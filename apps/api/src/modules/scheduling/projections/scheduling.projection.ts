import { FINAL_STATUSES, slotId } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import {
  type Projection,
  type ProjectionContext,
  runsOf,
} from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../domain/appointment.events';
import {
  CALENDAR_CHANGE_TYPES,
  type CalendarChangeEvent,
  type CalendarEvent,
  type CalendarSettings,
  isCalendarChange,
} from '../domain/calendar.events';
import { findSlot, scheduledSlots } from '../domain/slot-schedule';
import type { SlotEvent } from '../domain/slot.events';
import { applyBookingRun, BOOKING_RUN_EVENTS } from './booking-runs';
import { publishSlot, publishStatusTo } from './scheduling-live';

type SchedulingEvent = CalendarEvent | SlotEvent | AppointmentEvent;

const EVENTS = new Set<string>([
  'CalendarCreated',
  ...CALENDAR_CHANGE_TYPES,
  'SlotHeld',
  'SlotHoldReleased',
  'SlotBooked',
  'SlotBookingCanceled',
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentCanceled',
  'AppointmentRescheduled',
] satisfies SchedulingEvent['type'][]);

/**
 * rm_calendars, rm_slot_capacity, rm_slot_holds and rm_appointments; after commit, each change of
 * a slot's free places goes to `calendar:<id>`, each status to the appointment's rooms.
 */
export const schedulingProjection: Projection = {
  name: 'scheduling',
  tables: [
    'rm_calendars',
    'rm_slot_capacity',
    'rm_slot_holds',
    'rm_appointments',
    'rm_appointment_request_logs',
  ],
  lookupIndexes: ['rm_appointments_calendar_idx'],
  /** Holds and bookings in runs of a few multi-row statements; every other event alone. */
  async applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    for (const run of runsOf(events, BOOKING_RUN_EVENTS, EVENTS)) {
      if (run.bulk) await applyBookingRun(run.events, context);
      else await this.apply(run.event, context);
    }
  },
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    if (!EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as SchedulingEvent;
    const { trx } = context;
    const position = recorded.globalPosition;
    if (isCalendarChange(event)) return applySettingsChange(event.data, context, position);
    switch (event.type) {
      case 'CalendarCreated': {
        const { created_at: _, ...settings } = event.data;
        await trx
          .insertInto('rm_calendars')
          .values({
            calendar_id: settings.calendar_id,
            practice_id: settings.practice_id,
            provider_id: settings.provider_id,
            resource_id: settings.resource_id,
            facility_id: settings.facility_id,
            name: settings.name,
            settings: sql<string>`${settings}::jsonb`,
            position,
          })
          .onConflict((oc) => oc.column('calendar_id').doNothing())
          .execute();
        return;
      }
      case 'SlotHeld':
      case 'SlotBooked':
        return applyBookingRun([recorded], context);
      case 'SlotHoldReleased':
      case 'SlotBookingCanceled': {
        const d = event.data;
        const released = event.type === 'SlotHoldReleased';
        if (released)
          await trx.deleteFrom('rm_slot_holds').where('hold_id', '=', event.data.hold_id).execute();
        const row = await trx
          .updateTable('rm_slot_capacity')
          .set((eb) =>
            released
              ? { holds: eb('holds', '-', 1), position }
              : { bookings: eb('bookings', '-', 1), position },
          )
          .where('calendar_id', '=', d.calendar_id)
          .where('start_at', '=', new Date(d.start))
          .returning(['capacity', 'holds', 'bookings'])
          .executeTakeFirst();
        if (row) publishSlot(context, d.calendar_id, d.start, row, 'increment', position);
        return;
      }
      case 'AppointmentBooked':
        return applyBookingRun([recorded], context);
      case 'AppointmentStatusChanged':
      case 'AppointmentCanceled': {
        const d = event.data;
        const canceled = event.type === 'AppointmentCanceled';
        const at = canceled ? event.data.canceled_at : event.data.changed_at;
        const status = canceled ? 'Canceled' : event.data.status;
        await trx
          .updateTable('rm_appointments')
          .set({
            status,
            updated_at: at,
            position,
            ...(canceled ? { cancel_reason: event.data.reason } : {}),
            ...(!canceled && event.data.rejected_by ? { rejected_by: event.data.rejected_by } : {}),
          })
          .where('appointment_id', '=', d.appointment_id)
          .execute();
        if (!canceled && event.data.from === 'Pending') {
          const decided = event.data;
          const practice = await trx
            .selectFrom('rm_appointments')
            .select('practice_id')
            .where('appointment_id', '=', d.appointment_id)
            .executeTakeFirst();
          if (practice) {
            await trx
              .insertInto('rm_appointment_request_logs')
              .values({
                appointment_id: d.appointment_id,
                practice_id: practice.practice_id,
                action: decided.status,
                action_by_userid: decided.changed_by,
                action_at: decided.changed_at,
                position,
              })
              .onConflict((oc) => oc.column('position').doNothing())
              .execute();
          }
        }
        await publishStatus(context, d.appointment_id, status, at, position);
        return;
      }
      case 'AppointmentRescheduled': {
        const d = event.data;
        const row = await trx
          .updateTable('rm_appointments')
          .set({
            start_date: d.start_date,
            end_date: d.end_date,
            updated_at: d.rescheduled_at,
            position,
          })
          .where('appointment_id', '=', d.appointment_id)
          .returning('status')
          .executeTakeFirst();
        if (row)
          await publishStatus(context, d.appointment_id, row.status, d.rescheduled_at, position);
        return;
      }
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

/**
 * Any change of a calendar's settings: the fields it wrote are merged; booked visits the new hours
 * or blocks no longer offer are flagged, a new capacity recounts the slots already in use, and
 * slots that vanished are pushed.
 */
async function applySettingsChange(
  d: CalendarChangeEvent['data'],
  context: ProjectionContext,
  position: number,
): Promise<void> {
  const { trx } = context;
  const gridChanged = GRID_FIELDS.some((field) => field in d.after);
  const before = gridChanged
    ? await trx
        .selectFrom('rm_calendars')
        .select('settings')
        .where('calendar_id', '=', d.calendar_id)
        .executeTakeFirst()
    : undefined;
  const updated = await trx
    .updateTable('rm_calendars')
    .set({ settings: sql<string>`settings || ${d.after}::jsonb`, position })
    .where('calendar_id', '=', d.calendar_id)
    .returning('settings')
    .executeTakeFirst();
  if (!updated) return;
  const settings = updated.settings as CalendarSettings;
  // Booked visits keep their place; those the new hours or blocks no longer offer are flagged.
  const upcoming = await trx
    .selectFrom('rm_appointments')
    .select(['appointment_id', 'start_date'])
    .where('calendar_id', '=', d.calendar_id)
    .where('start_date', '>=', new Date(d.changed_at))
    .where('status', 'not in', [...FINAL_STATUSES])
    .execute();
  const outside = upcoming
    .filter((a) => !findSlot(settings, a.start_date.toISOString()))
    .map((a) => a.appointment_id);
  if (upcoming.length > 0) {
    await trx
      .updateTable('rm_appointments')
      .set({ outside_schedule: false })
      .where(
        'appointment_id',
        'in',
        upcoming.map((a) => a.appointment_id),
      )
      .execute();
  }
  if (outside.length > 0) {
    await trx
      .updateTable('rm_appointments')
      .set({ outside_schedule: true })
      .where('appointment_id', 'in', outside)
      .execute();
  }
  if ('booking_capacity' in d.after) {
    await recountSlots(context, d.calendar_id, settings.booking_capacity, d.changed_at, position);
  }
  if (before) {
    await publishVanished(
      context,
      before.settings as CalendarSettings,
      settings,
      d.changed_at,
      position,
    );
  }
  context.publish(`calendar:${d.calendar_id}`, 'calendar.changed', {
    calendar_id: d.calendar_id,
    outside_schedule: outside,
    position,
  });
}

/** Settings that move, add or take away slots. */
const GRID_FIELDS = [
  'first_hour',
  'last_hour',
  'time_step',
  'working_days',
  'date_from',
  'date_to',
  'marked_time_spans',
] as const;

/** How far ahead slots that vanish are pushed one by one; open views refetch on calendar.changed. */
const VANISHED_HORIZON_DAYS = 35;

/**
 * Slots the old settings offered and the new ones do not (hours shrunk, a span blocked, a day
 * dropped), from the change on: each that still had free places is pushed as removed, so open
 * week views drop it at once. Booked visits in them are kept (and flagged outside_schedule).
 */
async function publishVanished(
  context: ProjectionContext,
  before: CalendarSettings,
  after: CalendarSettings,
  changedAt: string,
  position: number,
): Promise<void> {
  const from = DateTime.fromISO(changedAt, { zone: before.time_zone }).toISODate()!;
  const now = Date.parse(changedAt);
  const offered = new Set(
    scheduledSlots(after, from, VANISHED_HORIZON_DAYS).map((slot) => slot.start),
  );
  const vanished = scheduledSlots(before, from, VANISHED_HORIZON_DAYS).filter(
    (slot) => !offered.has(slot.start) && Date.parse(slot.start) >= now,
  );
  if (vanished.length === 0) return;
  const rows = await context.trx
    .selectFrom('rm_slot_capacity')
    .select(['start_at', 'capacity', 'holds', 'bookings'])
    .where('calendar_id', '=', after.calendar_id)
    .where('start_at', '>=', new Date(vanished[0]!.start))
    .where('start_at', '<=', new Date(vanished[vanished.length - 1]!.start))
    .execute();
  const taken = new Map(rows.map((r) => [r.start_at.getTime(), r]));
  for (const slot of vanished) {
    const row = taken.get(Date.parse(slot.start));
    const free = row ? row.capacity - row.holds - row.bookings : before.booking_capacity;
    if (free <= 0) continue; // already pushed as removed when its last place went
    context.publish(`calendar:${after.calendar_id}`, 'slot.changed', {
      calendar_id: after.calendar_id,
      slot_id: slot.start,
      start_date: slot.start,
      action: 'removed',
      booking_capacity: 0,
      position,
    });
  }
}

/**
 * A new capacity per slot for the calendar's slots already held or booked, from the change on:
 * each whose free places change is pushed (a rise as increment, a drop as decrement or removed).
 * Bookings are kept: free places are max(0, capacity - bookings - holds).
 */
async function recountSlots(
  context: ProjectionContext,
  calendarId: string,
  capacity: number,
  from: string,
  position: number,
): Promise<void> {
  const before = await context.trx
    .selectFrom('rm_slot_capacity')
    .select(['start_at', 'capacity'])
    .where('calendar_id', '=', calendarId)
    .where('start_at', '>=', new Date(from))
    .where('capacity', '!=', capacity)
    .execute();
  if (before.length === 0) return;
  const rows = await context.trx
    .updateTable('rm_slot_capacity')
    .set({ capacity, position })
    .where('calendar_id', '=', calendarId)
    .where('start_at', '>=', new Date(from))
    .where('capacity', '!=', capacity)
    .returning(['start_at', 'capacity', 'holds', 'bookings'])
    .execute();
  const previous = new Map(before.map((r) => [r.start_at.getTime(), r.capacity]));
  for (const row of rows.sort((a, b) => a.start_at.getTime() - b.start_at.getTime())) {
    const old = previous.get(row.start_at.getTime()) ?? row.capacity;
    const taken = row.holds + row.bookings;
    const was = Math.max(0, old - taken);
    const now = Math.max(0, row.capacity - taken);
    if (now === was) continue;
    const start = slotId(row.start_at);
    publishSlot(context, calendarId, start, row, now > was ? 'increment' : 'decrement', position);
  }
}

/** The status of an appointment already in the read model, to its parties' rooms. */
async function publishStatus(
  context: ProjectionContext,
  appointmentId: string,
  status: string,
  at: string,
  position: number,
): Promise<void> {
  if (context.replaying) return;
  const row = await context.trx
    .selectFrom('rm_appointments')
    .select(['patient_id', 'booked_by', 'provider_id', 'resource_id', 'practice_id'])
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirst();
  if (row) publishStatusTo(context, row, appointmentId, status, at, position);
}
