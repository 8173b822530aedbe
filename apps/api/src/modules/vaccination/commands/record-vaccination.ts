import {
  type CommandAccepted,
  latestToday,
  type RecordVaccinationDto,
  VACCINATION_MESSAGES,
} from '@medbook/contracts';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import { entityIdFor } from '../../../infra/event-sourcing/event-ids';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../../identity/auth/principal';
import {
  vaccinationRecordDecider,
  vaccinationRecordStreamId,
} from '../domain/vaccination-record.decider';
import { VaccinationAccess } from '../vaccination-access';
import { VaccinationRepository } from '../vaccination.repository';

export class RecordVaccinationCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly practiceId: string,
    readonly patientId: string,
    readonly dto: RecordVaccinationDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** A practice's staff record a dose they gave; the practice is theirs, named as it is now. */
@CommandHandler(RecordVaccinationCommand)
export class RecordVaccinationHandler implements ICommandHandler<RecordVaccinationCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly access: VaccinationAccess,
    private readonly repository: VaccinationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    caller,
    practiceId,
    patientId,
    dto,
    context,
  }: RecordVaccinationCommand): Promise<CommandAccepted> {
    const person = await this.access.assertMayRecord(caller, practiceId, patientId);
    const practiceName = await this.repository.practiceName(practiceId);
    if (practiceName === null) throw new NotFoundError(VACCINATION_MESSAGES.practiceNotFound);
    const commandId = dto.command_id ?? null;
    const vaccinationId = entityIdFor(commandId);
    const now = this.clock.now();
    const { position } = await this.pipeline.decideOn(
      vaccinationRecordStreamId(patientId),
      vaccinationRecordDecider,
      {
        command: {
          vaccination: {
            vaccination_id: vaccinationId,
            patient_id: patientId,
            vaccine_kind: dto.vaccine_kind,
            vaccine_name: dto.vaccine_name,
            administered_on: dto.administered_on,
            lot_number: dto.lot_number.toUpperCase(),
            dose_number: dto.dose_number,
            practice_id: practiceId,
            practice_name: practiceName,
            recorded_by: caller.userId,
          },
          birthDate: person.birth_date,
          today: latestToday(now),
          now,
        },
        context,
        commandId,
      },
    );
    return { id: vaccinationId, position };
  }
}
