import {
  type EligibilityView,
  INTAKE_MESSAGES,
  type VerifyEligibilityDto,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { INSURANCE_PLANS_BY_ID, INSURANCES } from '../../reference/lists.data';
import { eligibilityDecider, eligibilityStreamId } from '../domain/eligibility.decider';
import { ELIGIBILITY_PORT, type EligibilityPort } from '../eligibility/eligibility-port';
import { IntakeRepository } from '../intake.repository';

export class VerifyEligibilityCommand extends Command<EligibilityView> {
  constructor(
    readonly caller: Principal,
    readonly dto: VerifyEligibilityDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(VerifyEligibilityCommand)
export class VerifyEligibilityHandler implements ICommandHandler<VerifyEligibilityCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly repository: IntakeRepository,
    @Inject(ELIGIBILITY_PORT) private readonly eligibility: EligibilityPort,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ caller, dto, context }: VerifyEligibilityCommand): Promise<EligibilityView> {
    await this.policy.assertMayActForPatient(caller, dto.patient_id);
    const calendar = await this.repository.calendar(dto.calendar_id);
    if (!calendar) throw new NotFoundError(INTAKE_MESSAGES.calendarNotFound);
    if (!calendar.enable_insurance_eligibility) {
      throw new DomainError('invalid', INTAKE_MESSAGES.eligibilityDisabled);
    }
    const insurance = INSURANCES.find((i) => i.id === dto.insurance_id);
    if (!insurance) {
      throw new DomainError('invalid', INTAKE_MESSAGES.unknownInsurance, {
        insurance_id: 'Invalid',
      });
    }
    const plan = INSURANCE_PLANS_BY_ID.get(insurance.id)?.find((p) => p.id === dto.plan_id);
    if (!plan)
      throw new DomainError('invalid', INTAKE_MESSAGES.unknownPlan, { plan_id: 'Invalid' });

    const now = this.clock.now();
    const outcome = await this.eligibility.check({
      insurance_name: insurance.name,
      plan_name: plan.name,
      member_id: dto.member_id,
      now,
    });
    // Every check is a new fact (the insurer may answer differently later): no command id.
    const eligibilityId = entityIdFor(null);
    const message = outcome.eligible ? INTAKE_MESSAGES.eligible : INTAKE_MESSAGES.notEligible;
    await this.pipeline.decideOn(eligibilityStreamId(eligibilityId), eligibilityDecider, {
      command: {
        check: {
          eligibility_id: eligibilityId,
          eligible: outcome.eligible,
          message,
          calendar_id: dto.calendar_id,
          patient_id: dto.patient_id,
          insurance_id: dto.insurance_id,
          plan_id: dto.plan_id,
          member_id: dto.member_id,
          checked_by: caller.userId,
          checked_at: now.toISOString(),
        },
      },
      context,
      commandId: null,
    });
    return { eligibility_id: eligibilityId, eligible: outcome.eligible, message };
  }
}
