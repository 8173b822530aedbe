import { FINAL_STATUSES } from '@medbook/contracts';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import { type CalendarSettings, isCalendarChange } from '../domain/calendar.events';
import { arrayOf } from '../../../infra/projections/array-literals';
import type { SchedulingEvent, BatchState } from './scheduling-batch.state';
import { key, iso, timestamp, slotOf, addSlot, addAppointment } from './scheduling-batch.state';

export async function load(
  trx: Transaction<DB>,
  events: readonly SchedulingEvent[],
): Promise<BatchState> {
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
