import type { PatientsInQueueView, QueuePositionView } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../../domain/domain-error';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { SchedulingReader } from '../../scheduling/queries/scheduling-reader';
import { countWaiting } from './queue-lines';
import { WalkInQueueRepository } from './walk-in-queue.repository';

export const NOT_A_WALK_IN = 'This appointment is not a walk-in.';

/** Places in the providers' and resources' walk-in queues, for who may see them. */
@Injectable()
export class QueuePositionsQuery {
  constructor(
    private readonly queues: WalkInQueueRepository,
    private readonly appointments: SchedulingReader,
    private readonly policy: AccessPolicy,
  ) {}

  /** The patient's place in line for their walk-in ("you are number N"). */
  async queuePosition(caller: Principal, appointmentId: string): Promise<QueuePositionView> {
    // From the appointment's own stream: its owner and practice never lag a fresh walk-in.
    const { details } = await this.appointments.appointment(appointmentId);
    await this.policy.assertMayReachAppointment(caller, details);
    const owner = details.provider_id
      ? { providerId: details.provider_id }
      : details.resource_id
        ? { resourceId: details.resource_id }
        : null;
    if (details.visit_schedule_type !== 'WalkIn' || !owner) throw new NotFoundError(NOT_A_WALK_IN);
    const { lines, position } = await this.queues.lines(owner);
    const line = lines.find((l) => l.appointment_id === appointmentId);
    return {
      appointment_id: appointmentId,
      provider_id: details.provider_id,
      resource_id: details.provider_id ? null : details.resource_id,
      status: line?.status ?? details.status,
      queue_index: line?.queue_index ?? null,
      patients_in_queue: countWaiting(lines),
      in_queue: line !== undefined && line.queue_index !== null,
      position,
    };
  }

  /** The logout dialog's number: the provider's patients still waiting. */
  async patientsInQueue(caller: Principal, providerId: string): Promise<PatientsInQueueView> {
    await this.policy.assertMayWorkWithProvider(caller, providerId);
    const { lines, position } = await this.queues.lines({ providerId });
    return { provider_id: providerId, patients_in_queue: countWaiting(lines), position };
  }
}
