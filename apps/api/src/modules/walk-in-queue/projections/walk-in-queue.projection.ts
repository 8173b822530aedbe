import { type AppointmentStatus, isWaitingInQueue } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import {
  type Columns,
  rowsInsert,
  updating,
  writeTogether,
} from '../../../infra/projections/bulk-rows';
import type { AppointmentEvent } from '../../scheduling/domain/appointment.events';
import { countWaiting, readQueueLines } from '../queries/queue-lines';

/** Whose line a walk-in joins: its calendar's provider, or its resource (a resource calendar). */
type Owner =
  | { readonly providerId: string; readonly resourceId: null }
  | {
      readonly providerId: null;
      readonly resourceId: string;
    };

const ownerOf = (d: { provider_id: string | null; resource_id: string | null }): Owner | null =>
  d.provider_id
    ? { providerId: d.provider_id, resourceId: null }
    : d.resource_id
      ? { providerId: null, resourceId: d.resource_id }
      : null;

const EVENTS = new Set<string>([
  'AppointmentBooked',
  'AppointmentStatusChanged',
  'AppointmentCanceled',
] satisfies AppointmentEvent['type'][]);

/** Statuses that take a walk-in off its provider's (or resource's) board. */
const LEAVES_QUEUE = new Set<AppointmentStatus>([
  'Checked-Out',
  'Canceled',
  'No-Show',
  'Rejected',
  'Waiting-List',
]);

interface Left {
  readonly appointment_id: string;
  readonly patient_id: string;
  readonly booked_by: string;
  readonly status: AppointmentStatus;
}

/**
 * rm_walk_in_queue: each provider's and each resource's walk-in appointments, in order of
 * arrival, while they wait (booked, Checked-In, Waiting-Room) or are In Progress. After commit,
 * the queue goes to `practice:<id>` (and a provider's to `user:<provider>`), and each patient on
 * it gets their queue index on
 * `appointment:<id>` and their `user:` rooms (null once the visit started or the walk-in left).
 *
 * Live, each event is applied and its queue read and sent in turn. A rebuild sends nothing, so
 * it tells a whole batch in memory: the lines its events name read in one statement, changed in
 * log order as each event would change them, written back in one statement (a delete and an
 * upsert).
 */
export const walkInQueueProjection: Projection = {
  name: 'walk-in-queue',
  tables: ['rm_walk_in_queue'],
  async applyAll(events: readonly RecordedEvent[], context: ProjectionContext): Promise<void> {
    if (context.replaying) return replayBatch(events, context.trx);
    for (const event of events) await walkInQueueProjection.apply(event, context);
  },
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    if (!EVENTS.has(recorded.type)) return;
    const event = { type: recorded.type, data: recorded.data } as AppointmentEvent;
    const { trx } = context;
    const position = recorded.globalPosition;
    switch (event.type) {
      case 'AppointmentBooked': {
        const d = event.data;
        const owner = ownerOf(d);
        if (d.visit_schedule_type !== 'WalkIn' || !owner) return;
        if (LEAVES_QUEUE.has(d.status)) return;
        await trx
          .insertInto('rm_walk_in_queue')
          .values({
            appointment_id: d.appointment_id,
            practice_id: d.practice_id,
            provider_id: owner.providerId,
            resource_id: owner.resourceId,
            calendar_id: d.calendar_id,
            patient_id: d.patient_id,
            booked_by: d.booked_by,
            visit_type: d.visit_type,
            status: d.status,
            waiting: isWaitingInQueue(d.status),
            arrived_at: d.booked_at,
            seq: position,
            position,
          })
          .onConflict((oc) => oc.column('appointment_id').doNothing())
          .execute();
        await publishQueue(context, recorded.recordedAt, d.practice_id, owner, position, null);
        return;
      }
      case 'AppointmentStatusChanged':
      case 'AppointmentCanceled': {
        const d = event.data;
        const status: AppointmentStatus =
          event.type === 'AppointmentCanceled' ? 'Canceled' : event.data.status;
        if (LEAVES_QUEUE.has(status)) {
          const removed = await trx
            .deleteFrom('rm_walk_in_queue')
            .where('appointment_id', '=', d.appointment_id)
            .returning(['practice_id', 'provider_id', 'resource_id', 'patient_id', 'booked_by'])
            .executeTakeFirst();
          const owner = removed && ownerOf(removed);
          if (removed && owner)
            await publishQueue(context, recorded.recordedAt, removed.practice_id, owner, position, {
              appointment_id: d.appointment_id,
              patient_id: removed.patient_id,
              booked_by: removed.booked_by,
              status,
            });
          return;
        }
        const row = await trx
          .updateTable('rm_walk_in_queue')
          .set({ status, waiting: isWaitingInQueue(status), position })
          .where('appointment_id', '=', d.appointment_id)
          .returning(['practice_id', 'provider_id', 'resource_id'])
          .executeTakeFirst();
        const owner = row && ownerOf(row);
        if (row && owner)
          await publishQueue(context, recorded.recordedAt, row.practice_id, owner, position, null);
        return;
      }
      case 'AppointmentRescheduled':
        // The line is ordered by arrival, which a new time does not change.
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

interface QueueRow {
  appointment_id: string;
  practice_id: string;
  provider_id: string | null;
  resource_id: string | null;
  calendar_id: string;
  patient_id: string;
  booked_by: string;
  visit_type: string;
  status: string;
  waiting: boolean;
  arrived_at: Date | string;
  seq: number | string;
  position: number | string;
}

const QUEUE_COLUMNS: Columns<QueueRow> = {
  appointment_id: 'uuid',
  practice_id: 'uuid',
  provider_id: 'uuid',
  resource_id: 'uuid',
  calendar_id: 'uuid',
  patient_id: 'uuid',
  booked_by: 'uuid',
  visit_type: 'text',
  status: 'text',
  waiting: 'boolean',
  arrived_at: 'timestamptz',
  seq: 'bigint',
  position: 'bigint',
};

/** A rebuild's batch: the rows `apply` would leave, in a few statements and without messages. */
async function replayBatch(recorded: readonly RecordedEvent[], trx: Transaction<DB>) {
  const events = recorded.filter((e) => EVENTS.has(e.type));
  if (events.length === 0) return;
  const ids = new Set(events.map((e) => (e.data as { appointment_id: string }).appointment_id));
  const stored = await trx
    .selectFrom('rm_walk_in_queue')
    .selectAll()
    .where(sql<boolean>`appointment_id = ANY(${[...ids]}::uuid[])`)
    .execute();
  /** Each line as the batch leaves it; null once it has left the queue. */
  const lines = new Map<string, QueueRow | null>(stored.map((row) => [row.appointment_id, row]));
  const changed = new Set<string>();
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as AppointmentEvent;
    const position = recorded.globalPosition;
    switch (event.type) {
      case 'AppointmentBooked': {
        const d = event.data;
        const owner = ownerOf(d);
        if (d.visit_schedule_type !== 'WalkIn' || !owner) break;
        if (LEAVES_QUEUE.has(d.status)) break;
        // In the queue already: the insert does nothing on conflict.
        if (lines.get(d.appointment_id)) break;
        lines.set(d.appointment_id, {
          appointment_id: d.appointment_id,
          practice_id: d.practice_id,
          provider_id: owner.providerId,
          resource_id: owner.resourceId,
          calendar_id: d.calendar_id,
          patient_id: d.patient_id,
          booked_by: d.booked_by,
          visit_type: d.visit_type,
          status: d.status,
          waiting: isWaitingInQueue(d.status),
          arrived_at: d.booked_at,
          seq: position,
          position,
        });
        changed.add(d.appointment_id);
        break;
      }
      case 'AppointmentStatusChanged':
      case 'AppointmentCanceled': {
        const id = event.data.appointment_id;
        const line = lines.get(id);
        if (!line) break;
        const status: AppointmentStatus =
          event.type === 'AppointmentCanceled' ? 'Canceled' : event.data.status;
        changed.add(id);
        if (LEAVES_QUEUE.has(status)) lines.set(id, null);
        else lines.set(id, { ...line, status, waiting: isWaitingInQueue(status), position });
        break;
      }
      case 'AppointmentRescheduled':
        break;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  }
  const gone = [...changed].filter((id) => lines.get(id) === null);
  const kept = [...changed].flatMap((id) => {
    const line = lines.get(id);
    return line ? [line] : [];
  });
  const writes: RawBuilder<unknown>[] = [];
  // Lines gone and lines kept are apart: the two parts of the statement touch different rows.
  if (gone.length > 0) {
    writes.push(sql`DELETE FROM rm_walk_in_queue WHERE appointment_id = ANY(${gone}::uuid[])`);
  }
  if (kept.length > 0) {
    const columns = Object.keys(QUEUE_COLUMNS).filter((column) => column !== 'appointment_id');
    writes.push(
      rowsInsert('rm_walk_in_queue', QUEUE_COLUMNS, kept, updating(['appointment_id'], columns)),
    );
  }
  await writeTogether(trx, writes);
}

/** Read in the batch's transaction: the numbers pushed are the ones its commit makes true. */
async function publishQueue(
  context: ProjectionContext,
  recordedAt: Date,
  practiceId: string,
  { providerId, resourceId }: Owner,
  position: number,
  left: Left | null,
): Promise<void> {
  if (context.replaying) return;
  const lines = await readQueueLines(
    context.trx,
    providerId ? { providerId } : { resourceId: resourceId! },
    recordedAt,
  );
  const patientsInQueue = countWaiting(lines);
  const queue = {
    practiceId,
    providerId,
    resourceId,
    patientsInQueue,
    entries: lines.map((line) => ({
      appointmentId: line.appointment_id,
      patientId: line.patient_id,
      status: line.status,
      queueIndex: line.queue_index,
    })),
    position,
  };
  context.publish(`practice:${practiceId}`, 'walk-in.queue', queue);
  // A resource has no account of its own: its queue goes to the practice's room only.
  if (providerId) context.publish(`user:${providerId}`, 'walk-in.queue', queue);
  const patients: Left[] = lines.map((line) => ({
    appointment_id: line.appointment_id,
    patient_id: line.patient_id,
    booked_by: line.booked_by,
    status: line.status,
  }));
  if (left) patients.push(left);
  for (const patient of patients) {
    const line = lines.find((l) => l.appointment_id === patient.appointment_id);
    const message = {
      appointmentId: patient.appointment_id,
      patientId: patient.patient_id,
      providerId,
      resourceId,
      status: patient.status,
      queueIndex: line?.queue_index ?? null,
      patientsInQueue,
      position,
    };
    const rooms = new Set([
      `appointment:${patient.appointment_id}`,
      `user:${patient.patient_id}`,
      `user:${patient.booked_by}`,
    ] as const);
    for (const room of rooms) context.publish(room, 'walk-in.queue-index', message);
  }
}
