import { type AppointmentStatus, WALK_IN_QUEUE_HOURS } from '@medbook/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../../infra/database/database.types';

/** One appointment on a provider's or a resource's board, with its place in the waiting line. */
export interface QueueLine {
  readonly appointment_id: string;
  readonly practice_id: string;
  /** The line's owner: a provider, or a resource (one of the two). */
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly calendar_id: string;
  readonly patient_id: string;
  readonly booked_by: string;
  readonly visit_type: string;
  readonly status: AppointmentStatus;
  readonly arrived_at: Date;
  /** 1-based among the waiting, in order of arrival; null for a visit in progress. */
  readonly queue_index: number | null;
}

/**
 * The providers' boards in order: each provider's waiting patients by arrival (numbered 1, 2, 3
 * ...), then their visits in progress, leaving out walk-ins that arrived more than
 * WALK_IN_QUEUE_HOURS before `at`. Read inside the projection's transaction for pushes (`at` is
 * the event's time) and from the read model for queries (`at` is now), so both number the line
 * the same way.
 */
export async function readQueueLines(
  db: Kysely<DB> | Transaction<DB>,
  filter: { providerId?: string; resourceId?: string; practiceId?: string },
  at: Date,
): Promise<QueueLine[]> {
  let query = db
    .selectFrom('rm_walk_in_queue')
    .select([
      'appointment_id',
      'practice_id',
      'provider_id',
      'resource_id',
      'calendar_id',
      'patient_id',
      'booked_by',
      'visit_type',
      'status',
      'waiting',
      'arrived_at',
      'seq',
    ])
    .where('arrived_at', '>', new Date(at.getTime() - WALK_IN_QUEUE_HOURS * 3_600_000))
    .orderBy(sql`coalesce(provider_id, resource_id)`)
    .orderBy('waiting', 'desc')
    .orderBy('seq');
  if (filter.providerId) query = query.where('provider_id', '=', filter.providerId);
  if (filter.resourceId) query = query.where('resource_id', '=', filter.resourceId);
  if (filter.practiceId) query = query.where('practice_id', '=', filter.practiceId);
  const rows = await query.execute();
  const counters = new Map<string, number>();
  return rows.map((row) => {
    let index: number | null = null;
    if (row.waiting) {
      const owner = lineOwner(row);
      index = (counters.get(owner) ?? 0) + 1;
      counters.set(owner, index);
    }
    return {
      appointment_id: row.appointment_id,
      practice_id: row.practice_id,
      provider_id: row.provider_id,
      resource_id: row.resource_id,
      calendar_id: row.calendar_id,
      patient_id: row.patient_id,
      booked_by: row.booked_by,
      visit_type: row.visit_type,
      status: row.status as AppointmentStatus,
      arrived_at: row.arrived_at,
      queue_index: index,
    };
  });
}

/** Whose line it is: the provider's or the resource's id. */
export const lineOwner = (line: {
  readonly provider_id: string | null;
  readonly resource_id: string | null;
}): string => (line.provider_id ?? line.resource_id)!;

/** How many of the lines wait (the provider's patients_in_queue). */
export const countWaiting = (lines: readonly QueueLine[]): number =>
  lines.filter((line) => line.queue_index !== null).length;
