import {
  ConsistentReadQuery,
  type PatientsInQueueView,
  type PracticeWalkInQueue,
  type QueuePositionView,
  WalkInQueueQuery,
} from '@medbook/contracts';
import type { EventStore } from '@medbook/event-store';
import { Controller, Get, Inject, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EVENT_STORE } from '../../infra/event-store/event-store.provider';
import { NotFoundError } from '../../domain/domain-error';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccessPolicy, forbidden } from '../identity/auth/access-policy';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { UserAccounts } from '../identity/user-accounts';
import { APPOINTMENT_NOT_FOUND } from '../scheduling/domain/appointment.decider';
import {
  type AppointmentEvent,
  type AppointmentState,
  appointmentStreamId,
  evolveAppointment,
  initialAppointmentState,
} from '../scheduling/domain/appointment.events';
import { countWaiting } from './queries/queue-lines';
import { WalkInQueueRepository } from './queries/walk-in-queue.repository';

const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent'] as const;
export const NOT_A_WALK_IN = 'This appointment is not a walk-in.';

/** The providers' walk-in queues (issue 6 item 4; second document 2.13 and 4.7). */
@ApiTags('walk-in-queue')
@Controller()
export class WalkInQueueController {
  constructor(
    private readonly queues: WalkInQueueRepository,
    private readonly policy: AccessPolicy,
    private readonly accounts: UserAccounts,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The practice's board: each provider's waiting patients in order, then visits in progress. */
  @Get('practices/:practice_id/walk-in-queue')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('walk-in-queue')
  async practiceQueue(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: WalkInQueueQuery,
  ): Promise<PracticeWalkInQueue> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const { queues, position } = await this.queues.practiceQueues(practiceId, query.provider_id);
    return { practice_id: practiceId, queues, position };
  }

  /** The patient's place in line for their walk-in ("you are number N"). */
  @Get('appointments/:appointment_id/queue-position')
  @ReadsFrom('walk-in-queue')
  async queuePosition(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<QueuePositionView> {
    const state = await this.appointment(appointmentId);
    const details = state.details!;
    if (caller.type === 'Patient') {
      if (
        details.booked_by !== caller.userId &&
        !(await this.policy.mayActForPatient(caller, details.patient_id))
      )
        throw forbidden();
    } else {
      this.policy.assertMayWorkForPractice(caller, details.practice_id);
    }
    if (details.visit_schedule_type !== 'WalkIn' || !details.provider_id)
      throw new NotFoundError(NOT_A_WALK_IN);
    const { lines, position } = await this.queues.lines({ providerId: details.provider_id });
    const line = lines.find((l) => l.appointment_id === appointmentId);
    return {
      appointment_id: appointmentId,
      provider_id: details.provider_id,
      status: line?.status ?? details.status,
      queue_index: line?.queue_index ?? null,
      patients_in_queue: countWaiting(lines),
      in_queue: line !== undefined && line.queue_index !== null,
      position,
    };
  }

  /** The logout dialog's number: the provider's patients still waiting. */
  @Get('providers/:provider_id/patients-in-queue')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('walk-in-queue')
  async patientsInQueue(
    @Caller() caller: Principal,
    @Param('provider_id', new ParseUUIDPipe()) providerId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<PatientsInQueueView> {
    if (caller.userId !== providerId && !this.policy.isOperator(caller)) {
      const provider = await this.accounts.load(providerId);
      const practiceId = provider.profile?.practice_id;
      if (!practiceId || provider.profile?.type !== 'Provider') throw forbidden();
      this.policy.assertMayWorkForPractice(caller, practiceId);
    }
    const { lines, position } = await this.queues.lines({ providerId });
    return { provider_id: providerId, patients_in_queue: countWaiting(lines), position };
  }

  /** From the appointment's own stream: its owner and practice never lag a fresh walk-in. */
  private async appointment(appointmentId: string): Promise<AppointmentState> {
    const events = await this.store.readStream(appointmentStreamId(appointmentId));
    const state = events.reduce(
      (s, e) => evolveAppointment(s, { type: e.type, data: e.data } as AppointmentEvent),
      initialAppointmentState(),
    );
    if (!state.details) throw new NotFoundError(APPOINTMENT_NOT_FOUND);
    return state;
  }
}
