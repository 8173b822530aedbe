import {
  type CommandAccepted,
  normalizeName,
  PATIENT_DETAILS_MESSAGES,
  type UpdatePatientDto,
} from '@medbook/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../domain/domain-error';
import { CommandPipeline } from '../../../infra/event-sourcing/command-pipeline';
import type { RequestContext } from '../../../infra/http/request-context';
import type { Principal } from '../auth/principal';
import { userDecider } from '../domain/user.decider';
import { userStreamId } from '../domain/user.events';
import { PatientRecords } from '../patient-records';
import { UserAccounts } from '../user-accounts';

/** `PUT /patients/{id}`: a patient's or a family member's details, as they should now read. */
export class ChangePatientDetailsCommand extends Command<CommandAccepted> {
  constructor(
    readonly caller: Principal,
    readonly patientId: string,
    readonly dto: UpdatePatientDto,
    readonly context: RequestContext,
  ) {
    super();
  }
}

const optionalName = (value: string | undefined): string | null =>
  value === undefined ? null : normalizeName(value) || null;
const optional = (value: string | undefined): string | null => value?.trim() || null;

@CommandHandler(ChangePatientDetailsCommand)
export class ChangePatientDetailsHandler implements ICommandHandler<ChangePatientDetailsCommand> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly records: PatientRecords,
    private readonly accounts: UserAccounts,
  ) {}

  async execute({
    caller,
    patientId,
    dto,
    context,
  }: ChangePatientDetailsCommand): Promise<CommandAccepted> {
    const record = await this.records.reach(caller, patientId);
    const person = {
      first_name: normalizeName(dto.first_name),
      last_name: normalizeName(dto.last_name),
      middle_name: optionalName(dto.middle_name),
      birth_date: dto.birth_date ?? null,
      gender: dto.gender ?? null,
    };
    // The practice whose user made the change: its trail tells it.
    const practiceId = caller.type === 'Patient' ? null : caller.practiceId;
    const commandId = dto.command_id ?? null;
    const now = this.accounts.now();
    if (record.kind === 'account') {
      if (dto.relationship !== undefined) {
        throw new DomainError('invalid', PATIENT_DETAILS_MESSAGES.accountHasNoRelationship);
      }
      const { position } = await this.pipeline.decideOn(userStreamId(patientId), userDecider, {
        command: {
          type: 'ChangePatientDetails',
          details: {
            ...person,
            mobile_number: optional(dto.mobile_number),
            zip_code: optional(dto.zip_code),
          },
          practiceId,
          now,
        },
        context,
        commandId,
      });
      return { id: patientId, position };
    }
    if (dto.mobile_number !== undefined || dto.zip_code !== undefined) {
      throw new DomainError('invalid', PATIENT_DETAILS_MESSAGES.memberHasNoContact);
    }
    const { position } = await this.pipeline.decideOn(userStreamId(record.holderId), userDecider, {
      command: {
        type: 'ChangeFamilyMember',
        memberId: patientId,
        details: { ...person, relationship: dto.relationship ?? record.member.relationship },
        practiceId,
        now,
      },
      context,
      commandId,
    });
    return { id: patientId, position };
  }
}
