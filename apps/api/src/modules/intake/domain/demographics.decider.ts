import type { DemographicsView } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';

/** A patient's demographics: one stream per patient, each save replaces the given fields. */
export const demographicsStreamId = (patientId: string): string => `demographics-${patientId}`;

export type Demographics = Omit<DemographicsView, 'patient_id' | 'has_demographics' | 'updated_at'>;

export interface DemographicsEvent {
  type: 'PatientDemographicsRecorded';
  data: Demographics & { patient_id: string; recorded_by: string; recorded_at: string };
}

/** The fields given; a field left out keeps its recorded value. */
export interface RecordDemographics {
  readonly patientId: string;
  readonly demographics: Partial<Demographics>;
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
  decide: ({ patientId, demographics: given, by, now }, state) => {
    const before = state ?? emptyDemographics(patientId);
    return [
      {
        type: 'PatientDemographicsRecorded',
        data: {
          race_code: given.race_code ?? before.race_code,
          ethnicity_code: given.ethnicity_code ?? before.ethnicity_code,
          language_code: given.language_code ?? before.language_code,
          birth_date: given.birth_date ?? before.birth_date,
          sex: given.sex ?? before.sex,
          address: given.address ?? before.address,
          patient_id: patientId,
          recorded_by: by,
          recorded_at: now.toISOString(),
        },
      },
    ];
  },
  evolve: (_state, event) => {
    const { recorded_by: _by, recorded_at, ...rest } = event.data;
    return { ...rest, has_demographics: true, updated_at: recorded_at };
  },
};
