import type { Decider } from '../../../domain/decider';

/** One stream per practice: the patients its front desk registered, who are its patients. */
export const practicePatientsStreamId = (practiceId: string): string =>
  `practice-patients-${practiceId}`;

export type PracticePatientsEvent = {
  type: 'PatientRegisteredAtPractice';
  data: { practice_id: string; patient_id: string; registered_by: string; registered_at: string };
};

export type RegisterPatientAtPractice = {
  type: 'RegisterPatientAtPractice';
  practiceId: string;
  patientId: string;
  registeredBy: string;
  now: Date;
};

export interface PracticePatientsState {
  readonly patientIds: ReadonlySet<string>;
}

/** A practice lists a patient once: registering the same id again adds nothing. */
export const practicePatientsDecider: Decider<
  RegisterPatientAtPractice,
  PracticePatientsEvent,
  PracticePatientsState
> = {
  initialState: () => ({ patientIds: new Set() }),
  decide: (command, state) =>
    state.patientIds.has(command.patientId)
      ? []
      : [
          {
            type: 'PatientRegisteredAtPractice',
            data: {
              practice_id: command.practiceId,
              patient_id: command.patientId,
              registered_by: command.registeredBy,
              registered_at: command.now.toISOString(),
            },
          },
        ],
  evolve: (state, event) => ({
    patientIds: new Set([...state.patientIds, event.data.patient_id]),
  }),
};
