import type { PatientSearchResult } from '@medbook/contracts';
import { Injectable } from '@nestjs/common';
import { CommandPipeline, stream } from '../../../infra/event-sourcing/command-pipeline';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import {
  practicePatientsDecider,
  practicePatientsStreamId,
} from '../domain/practice-patients.decider';
import { patientSearchCriteria } from './patient-search.criteria';
import { PracticePatientsRepository } from './practice-patients.repository';

/** The desk's patient search: its practice's patients first, from what was typed. */
@Injectable()
export class FindPatientsQuery {
  constructor(
    private readonly policy: AccessPolicy,
    private readonly pipeline: CommandPipeline,
    private readonly patients: PracticePatientsRepository,
  ) {}

  async find(caller: Principal, practiceId: string, q: string): Promise<PatientSearchResult> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    // Read from the practice's stream, not a read model: a patient registered a moment ago is
    // found at once.
    const [registered] = await this.pipeline.read([
      stream(practicePatientsStreamId(practiceId), practicePatientsDecider),
    ]);
    const patients = await this.patients.search(
      practiceId,
      [...registered.state.patientIds],
      patientSearchCriteria(q),
    );
    return { patients };
  }
}
