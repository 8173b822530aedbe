import {
  ConsistentReadQuery,
  type PatientsInQueueView,
  type PracticeWalkInQueue,
  type QueuePositionView,
  WalkInQueueQuery,
} from '@medbook/contracts';
import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ReadsFrom } from '../../infra/projections/consistent-read.interceptor';
import { AccessPolicy } from '../identity/auth/access-policy';
import { Caller, type Principal, Roles } from '../identity/auth/principal';
import { QueuePositionsQuery } from './queries/queue-positions.query';
import { WalkInQueueRepository } from './queries/walk-in-queue.repository';

const PRACTICE_USERS = ['Provider', 'PracticeAdmin', 'Staff', 'SuperUser', 'SupportAgent'] as const;

/** The providers' walk-in queues (issue 6 item 4; second document 2.13 and 4.7). */
@ApiTags('walk-in-queue')
@Controller()
export class WalkInQueueController {
  constructor(
    private readonly queues: WalkInQueueRepository,
    private readonly positions: QueuePositionsQuery,
    private readonly policy: AccessPolicy,
  ) {}

  /**
   * The practice's board: each provider's and each resource's waiting patients in order, then
   * visits in progress.
   */
  @Get('practices/:practice_id/walk-in-queue')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('walk-in-queue')
  async practiceQueue(
    @Caller() caller: Principal,
    @Param('practice_id', new ParseUUIDPipe()) practiceId: string,
    @Query() query: WalkInQueueQuery,
  ): Promise<PracticeWalkInQueue> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const { queues, position } = await this.queues.practiceQueues(practiceId, {
      providerId: query.provider_id,
      resourceId: query.resource_id,
    });
    return { practice_id: practiceId, queues, position };
  }

  /** The patient's place in line for their walk-in ("you are number N"). */
  @Get('appointments/:appointment_id/queue-position')
  @ReadsFrom('walk-in-queue')
  queuePosition(
    @Caller() caller: Principal,
    @Param('appointment_id', new ParseUUIDPipe()) appointmentId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<QueuePositionView> {
    return this.positions.queuePosition(caller, appointmentId);
  }

  /** The logout dialog's number: the provider's patients still waiting. */
  @Get('providers/:provider_id/patients-in-queue')
  @Roles(...PRACTICE_USERS)
  @ReadsFrom('walk-in-queue')
  patientsInQueue(
    @Caller() caller: Principal,
    @Param('provider_id', new ParseUUIDPipe()) providerId: string,
    @Query() _query: ConsistentReadQuery,
  ): Promise<PatientsInQueueView> {
    return this.positions.patientsInQueue(caller, providerId);
  }
}
