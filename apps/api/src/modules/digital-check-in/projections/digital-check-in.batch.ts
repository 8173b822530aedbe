import type { DigitalCheckInChange } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import { arrayOf } from '../../../infra/projections/array-literals';
import type { ProjectionContext } from '../../../infra/projections/projection';
import type { AppointmentEvent } from '../../scheduling/domain/appointment.events';

/** The appointment events this projection follows; all other events it handles are rare. */
export const APPOINTMENT_EVENTS = new Set<string>([
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentRescheduled',
  'AppointmentCanceled',
] satisfies AppointmentEvent['type'][]);

/** A change for the practice's Check-In Summary, on `practice:<id>`. */
export function publishSummary(
  context: ProjectionContext,
  practiceId: string,
  appointmentId: string,
  change: DigitalCheckInChange,
  position: number,
): void {
  context.publish(`practice:${practiceId}`, 'check-in.summary', {
    appointment_id: appointmentId,
    practice_id: practiceId,
    change,
    position,
  });
}

/** Staff checked the patient in: the patient's steps and the practice's pages hear it. */
function publishCheckedIn(
  context: ProjectionContext,
  appointmentId: string,
  practiceId: string,
  position: number,
): void {
  const message = {
    appointment_id: appointmentId,
    practice_id: practiceId,
    patient_arrived: true,
    position,
  };
  context.publish(`appointment:${appointmentId}`, 'check-in.arrived', message);
  context.publish(`practice:${practiceId}`, 'check-in.arrived', message);
}

/**
 * An appointment event other than its booking: the arrival's messages when staff checked the
 * patient in, then the practice's summary of the change.
 */
export function publishAppointmentChange(
  context: ProjectionContext,
  appointmentId: string,
  practiceId: string,
  arrived: boolean,
  position: number,
): void {
  if (arrived) publishCheckedIn(context, appointmentId, practiceId, position);
  publishSummary(
    context,
    practiceId,
    appointmentId,
    arrived ? 'patient.arrived' : 'appointment.changed',
    position,
  );
}

interface Progress {
  readonly appointment_id: string;
  readonly practice_id: string;
  /** Inserted by this run (else stored before it). */
  readonly added: boolean;
  arrived: boolean;
  forms_done: boolean;
  /** A Checked-In of this run set arrived and cleared awaiting_entry. */
  arrivedHere: boolean;
  position: number;
}

/**
 * A run of appointment events with the rules of the projection's `apply`, in three statements
 * whatever its length: the rows it names read at once, folded in log order (a booking adds a row
 * unless there is one; a status change, reschedule or cancel of a known row moves its position,
 * and a Checked-In marks the patient arrived), the messages published in order, new rows
 * inserted and changed ones updated.
 */
export async function applyAppointmentRun(
  run: readonly RecordedEvent[],
  context: ProjectionContext,
): Promise<void> {
  if (run.length === 0) return;
  const { trx } = context;
  const ids = [...new Set(run.map((e) => (e.data as { appointment_id: string }).appointment_id))];
  const stored = await trx
    .selectFrom('rm_dci_appointments')
    .select(['appointment_id', 'practice_id', 'arrived', 'forms_done'])
    .where('appointment_id', '=', sql<string>`ANY(${ids}::uuid[])`)
    .execute();
  const rows = new Map<string, Progress>(
    stored.map((row) => [
      row.appointment_id,
      { ...row, added: false, arrivedHere: false, position: 0 },
    ]),
  );
  const changed = new Set<string>();
  for (const recorded of run) {
    const event = { type: recorded.type, data: recorded.data } as AppointmentEvent;
    const position = recorded.globalPosition;
    if (event.type === 'AppointmentBooked') {
      const d = event.data;
      if (!rows.has(d.appointment_id)) {
        rows.set(d.appointment_id, {
          appointment_id: d.appointment_id,
          practice_id: d.practice_id,
          added: true,
          arrived: d.status === 'Checked-In',
          forms_done: (d.screening_ids?.length ?? 0) > 0,
          arrivedHere: false,
          position,
        });
        changed.add(d.appointment_id);
      }
      // As `apply`: the summary hears of every booking, the row's or not.
      publishSummary(context, d.practice_id, d.appointment_id, 'appointment.booked', position);
      continue;
    }
    if (!APPOINTMENT_EVENTS.has(event.type)) continue;
    const appointmentId = (event.data as { appointment_id: string }).appointment_id;
    const row = rows.get(appointmentId);
    if (!row) continue;
    const arrived = event.type === 'AppointmentStatusChanged' && event.data.status === 'Checked-In';
    row.position = position;
    changed.add(appointmentId);
    if (arrived) {
      row.arrived = true;
      row.arrivedHere = true;
    }
    publishAppointmentChange(context, appointmentId, row.practice_id, arrived, position);
  }
  const all = [...changed].map((id) => rows.get(id)!);
  const added = all.filter((row) => row.added);
  const moved = all.filter((row) => !row.added);
  // Distinct rows in each part, so one statement; a new row's awaiting_entry is its default
  // (false), as a Checked-In would leave it.
  await sql`
    WITH added AS (
      INSERT INTO rm_dci_appointments (appointment_id, practice_id, arrived, forms_done, position)
      SELECT * FROM unnest(${arrayOf(added, (r) => r.appointment_id)}::text::uuid[],
                           ${arrayOf(added, (r) => r.practice_id)}::text::uuid[],
                           ${arrayOf(added, (r) => r.arrived)}::text::boolean[],
                           ${arrayOf(added, (r) => r.forms_done)}::text::boolean[],
                           ${arrayOf(added, (r) => r.position)}::text::bigint[])
      ON CONFLICT (appointment_id) DO NOTHING
    )
    UPDATE rm_dci_appointments AS t
       SET position = v.position,
           arrived = t.arrived OR v.arrived,
           awaiting_entry = t.awaiting_entry AND NOT v.arrived
      FROM unnest(${arrayOf(moved, (r) => r.appointment_id)}::text::uuid[],
                  ${arrayOf(moved, (r) => r.position)}::text::bigint[],
                  ${arrayOf(moved, (r) => r.arrivedHere)}::text::boolean[])
           AS v(appointment_id, position, arrived)
     WHERE t.appointment_id = v.appointment_id`.execute(trx);
}
