import type { RecordedEvent } from '@medbook/event-store';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import { CALENDAR_CHANGE_TYPES } from '../domain/calendar.events';
import { applySchedulingBatch, type SchedulingEvent } from './scheduling-batch';

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
  /** The rows the batch touches read at once, the events folded in memory, the rows written at once. */
  applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    return applySchedulingBatch(events, context, EVENTS);
  },
  apply(event: RecordedEvent, context: ProjectionContext): Promise<void> {
    return applySchedulingBatch([event], context, EVENTS);
  },
};
