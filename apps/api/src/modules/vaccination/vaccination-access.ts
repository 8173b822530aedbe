import { VACCINATION_MESSAGES } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '../../domain/domain-error';
import { CommandPipeline, stream } from '../../infra/event-sourcing/command-pipeline';
import { AccessPolicy, forbidden } from '../identity/auth/access-policy';
import type { Principal } from '../identity/auth/principal';
import {
  practicePatientsDecider,
  practicePatientsStreamId,
} from '../front-desk/domain/practice-patients.decider';
import { VaccinationPeople } from './vaccination-people';
import { type PassportPerson, VaccinationRepository } from './vaccination.repository';

/**
 * Who reaches a vaccination record: the patient and their family's guardian, operators, and the
 * staff of a practice the patient belongs to (booked with it, or registered by its desk).
 */
@Injectable()
export class VaccinationAccess {
  constructor(
    private readonly policy: AccessPolicy,
    private readonly pipeline: CommandPipeline,
    private readonly repository: VaccinationRepository,
    private readonly people: VaccinationPeople,
  ) {}

  async isPracticePatient(practiceId: string, patientId: string): Promise<boolean> {
    // The desk's registrations from their stream, so a patient registered a moment ago counts.
    const [registered] = await this.pipeline.read([
      stream(practicePatientsStreamId(practiceId), practicePatientsDecider),
    ]);
    if (registered.state.patientIds.has(patientId)) return true;
    return this.repository.hasAppointmentAt(practiceId, patientId);
  }

  /** The practice's staff recording for one of its patients; the patient, found. */
  async assertMayRecord(
    caller: Principal,
    practiceId: string,
    patientId: string,
  ): Promise<PassportPerson> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const person = await this.people.person(patientId);
    if (!person) throw new NotFoundError(VACCINATION_MESSAGES.patientNotFound);
    if (!this.policy.isOperator(caller) && !(await this.isPracticePatient(practiceId, patientId))) {
      throw new ForbiddenError(VACCINATION_MESSAGES.notPracticePatient);
    }
    return person;
  }

  /** Reading a record: the patient's side, or a practice the patient belongs to. */
  async assertMayRead(caller: Principal, patientId: string): Promise<void> {
    if (caller.type === 'Patient' || this.policy.isOperator(caller)) {
      return this.policy.assertMayActForPatient(caller, patientId);
    }
    if (!caller.practiceId || !(await this.isPracticePatient(caller.practiceId, patientId))) {
      throw forbidden();
    }
  }
}
