import type { ProjectionContext } from '../../../infra/projections/projection';
import { isCalendarChange } from '../domain/calendar.events';
import { publishSlot, publishStatusTo } from './scheduling-live';
import type {
  SchedulingEvent,
  CalendarRow,
  AppointmentRow,
  BatchState,
} from './scheduling-batch.state';
import {
  key,
  slotOf,
  addSlot,
  addAppointment,
  deleteHold,
  insertHold,
} from './scheduling-batch.state';
import { settingsChange } from './scheduling-batch.calendar-change';

/** One event over the batch's rows, with the rules the event-by-event statements had. */
export function fold(
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
