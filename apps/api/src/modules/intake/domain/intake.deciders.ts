import type { DemographicsView, EligibilityView, ScreeningView } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';

/** A patient's demographics: one stream per patient, each save replaces the given fields. */
export const demographicsStreamId = (patientId: string): string => `demographics-${patientId}`;
/** One stream per screening answer set (a custom-form response). */
export const screeningStreamId = (screeningId: string): string => `screening-${screeningId}`;
/** One stream per eligibility check. */
export const eligibilityStreamId = (eligibilityId: string): string =>
  `eligibility-${eligibilityId}`;

export type Demographics = Omit<DemographicsView, 'patient_id' | 'has_demographics' | 'updated_at'>;

export interface DemographicsEvent {
  type: 'PatientDemographicsRecorded';
  data: Demographics & { patient_id: string; recorded_by: string; recorded_at: string };
}

export interface RecordDemographics {
  readonly patientId: string;
  readonly demographics: Demographics;
  readonly by: string;
  readonly now: Date;
}

export const emptyDemographics = (patientId: string): DemographicsView => ({
  patient_id: patientId,
  race_code: null,
  ethnicity_code: null,
  language_code: null,
  birth_date: null,
  sex: null,
  address: null,
  has_demographics: false,
  updated_at: null,
});

export const demographicsDecider: Decider<
  RecordDemographics,
  DemographicsEvent,
  DemographicsView | null
> = {
  initialState: () => null,
  decide: (command) => [
    {
      type: 'PatientDemographicsRecorded',
      data: {
        ...command.demographics,
        patient_id: command.patientId,
        recorded_by: command.by,
        recorded_at: command.now.toISOString(),
      },
    },
  ],
  evolve: (_state, event) => {
    const { recorded_by: _by, recorded_at, ...rest } = event.data;
    return { ...rest, has_demographics: true, updated_at: recorded_at };
  },
};

export interface ScreeningEvent {
  type: 'ScreeningSubmitted';
  data: ScreeningView & { practice_id: string; submitted_by: string };
}

export interface SubmitScreening {
  readonly screening: Omit<ScreeningView, 'submitted_at'> & { practice_id: string };
  readonly by: string;
  readonly now: Date;
}

/** A screening is written once: a retry of the same command writes nothing. */
export const screeningDecider: Decider<SubmitScreening, ScreeningEvent, ScreeningView | null> = {
  initialState: () => null,
  decide: (command, state) =>
    state
      ? []
      : [
          {
            type: 'ScreeningSubmitted',
            data: {
              ...command.screening,
              submitted_by: command.by,
              submitted_at: command.now.toISOString(),
            },
          },
        ],
  evolve: (_state, event) => {
    const { practice_id: _p, submitted_by: _by, ...view } = event.data;
    return view;
  },
};

export interface EligibilityEvent {
  type: 'InsuranceEligibilityChecked';
  data: EligibilityView & {
    calendar_id: string;
    patient_id: string;
    insurance_id: number;
    plan_id: number;
    member_id: string;
    checked_by: string;
    checked_at: string;
  };
}

export interface RecordEligibility {
  readonly check: EligibilityEvent['data'];
}

export const eligibilityDecider: Decider<
  RecordEligibility,
  EligibilityEvent,
  EligibilityView | null
> = {
  initialState: () => null,
  decide: (command, state) =>
    state ? [] : [{ type: 'InsuranceEligibilityChecked', data: command.check }],
  evolve: (_state, event) => ({
    eligibility_id: event.data.eligibility_id,
    eligible: event.data.eligible,
    message: event.data.message,
  }),
};
