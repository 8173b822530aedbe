import {
  type DemographicsView,
  INTAKE_MESSAGES,
  latestToday,
  pastDateProblem,
  type UpdateDemographicsDto,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { ETHNICITIES, LANGUAGES, RACES } from '../../reference/lists.data';
import { US_STATES } from '../../reference/us-states.data';
import { demographicsDecider, demographicsStreamId } from '../domain/demographics.decider';
import { IntakeQueries } from '../intake.queries';

const known = (list: readonly { code: string }[], code: string | undefined) =>
  code === undefined || list.some((item) => item.code === code);

export class UpdateDemographicsCommand extends Command<DemographicsView> {
  constructor(
    readonly caller: Principal,
    readonly patientId: string,
    readonly dto: UpdateDemographicsDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(UpdateDemographicsCommand)
export class UpdateDemographicsHandler implements ICommandHandler<UpdateDemographicsCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly policy: AccessPolicy,
    private readonly intake: IntakeQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    patientId,
    dto,
    context,
  }: UpdateDemographicsCommand): Promise<DemographicsView> {
    await this.policy.assertMayActForPatient(caller, patientId);
    const errors = invalidFields(dto, this.clock.now());
    const first = Object.values(errors)[0];
    if (first) throw new DomainError('invalid', first, errors);

    const { command_id, address, ...fields } = dto;
    await this.pipeline.decideOn(demographicsStreamId(patientId), demographicsDecider, {
      command: {
        patientId,
        demographics: {
          ...fields,
          address: address && {
            address1: address.address1,
            address2: address.address2 ?? null,
            city: address.city,
            state: address.state,
            zip_code: address.zip_code,
          },
        },
        by: caller.userId,
        now: this.clock.now(),
      },
      context,
      commandId: command_id ?? null,
    });
    return this.intake.demographics(caller, patientId);
  }
}

/** Codes must be on the reference lists and the birth date a real day earlier than today. */
function invalidFields(dto: UpdateDemographicsDto, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!known(RACES, dto.race_code)) errors.race_code = INTAKE_MESSAGES.unknownRace;
  if (!known(ETHNICITIES, dto.ethnicity_code)) {
    errors.ethnicity_code = INTAKE_MESSAGES.unknownEthnicity;
  }
  if (!known(LANGUAGES, dto.language_code)) errors.language_code = INTAKE_MESSAGES.unknownLanguage;
  if (dto.birth_date !== undefined) {
    // The shared rule (the web's form applies it too): a real day, earlier than today anywhere.
    const problem = pastDateProblem(dto.birth_date, 'date of birth', latestToday(now));
    if (problem) errors.birth_date = problem;
  }
  if (dto.address && !known(US_STATES, dto.address.state)) {
    errors.state = INTAKE_MESSAGES.unknownState;
  }
  return errors;
}
