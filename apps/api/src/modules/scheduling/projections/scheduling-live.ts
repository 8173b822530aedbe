import type { AppointmentStatus } from '@medbook/contracts';
import type { ProjectionContext } from '../../../infra/projections/projection';

/** A slot's counts after a change: what its live message tells open week views. */
export interface SlotCounts {
  readonly capacity: number;
  readonly holds: number;
  readonly bookings: number;
}

export function publishSlot(
  { publish }: Pick<ProjectionContext, 'publish'>,
  calendarId: string,
  start: string,
  row: SlotCounts,
  change: 'increment' | 'decrement',
  position: number,
): void {
  const left = Math.max(0, row.capacity - row.holds - row.bookings);
  publish(`calendar:${calendarId}`, 'slot.changed', {
    calendar_id: calendarId,
    slot_id: start,
    start_date: start,
    action: left === 0 ? 'removed' : change,
    booking_capacity: left,
    position,
  });
}

/** Whose rooms hear of an appointment's status. */
export interface AppointmentParties {
  readonly patient_id: string;
  readonly booked_by: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly practice_id: string;
}

/** Queued with the batch and sent after its commit, to the appointment's, users' and practice's rooms. */
export function publishStatusTo(
  { publish }: Pick<ProjectionContext, 'publish'>,
  parties: AppointmentParties,
  appointmentId: string,
  status: string,
  at: string,
  position: number,
): void {
  const message = {
    appointmentId,
    patientId: parties.patient_id,
    providerId: parties.provider_id,
    resourceId: parties.resource_id,
    externalAppointmentId: null,
    status: status as AppointmentStatus,
    publishDate: at,
    position,
  };
  const rooms = new Set([
    `appointment:${appointmentId}`,
    `user:${parties.patient_id}`,
    `user:${parties.booked_by}`,
    `practice:${parties.practice_id}`,
  ] as const);
  for (const room of rooms) publish(room, 'appointment.status', message);
}
