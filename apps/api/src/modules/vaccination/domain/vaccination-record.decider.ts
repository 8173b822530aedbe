import { VACCINATION_MESSAGES, type VaccineKind } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError, InvalidError } from '../../../domain/domain-error';

/** One stream per patient (account or family member): every dose given to them. */
export const vaccinationRecordStreamId = (patientId: string): string =>
  `vaccination-record-${patientId}`;

export interface RecordedVaccination {
  readonly vaccination_id: string;
  readonly patient_id: string;
  readonly vaccine_kind: VaccineKind;
  readonly vaccine_name: string;
  readonly administered_on: string;
  readonly lot_number: string;
  readonly dose_number: number;
  readonly practice_id: string;
  readonly practice_name: string;
  readonly recorded_by: string;
  readonly recorded_at: string;
}

export type VaccinationRecordEvent = {
  type: 'VaccinationRecorded';
  data: RecordedVaccination;
};

export interface RecordVaccination {
  readonly vaccination: Omit<RecordedVaccination, 'recorded_at'>;
  /** The patient's birth date, when known (YYYY-MM-DD). */
  readonly birthDate: string | null;
  /** The latest calendar day that is today anywhere (YYYY-MM-DD). */
  readonly today: string;
  readonly now: Date;
}

export interface VaccinationRecordState {
  readonly vaccinations: readonly RecordedVaccination[];
}

const sameDose = (a: RecordedVaccination, b: RecordVaccination['vaccination']) =>
  a.vaccine_kind === b.vaccine_kind &&
  a.vaccine_name.toLowerCase() === b.vaccine_name.toLowerCase() &&
  a.dose_number === b.dose_number;

/**
 * A dose is given on a day that has come, not before the patient was born, and each dose of a
 * vaccine is recorded once (a second "dose 2" of the same vaccine is a slip, not a booster).
 */
export const vaccinationRecordDecider: Decider<
  RecordVaccination,
  VaccinationRecordEvent,
  VaccinationRecordState
> = {
  initialState: () => ({ vaccinations: [] }),
  decide: ({ vaccination, birthDate, today, now }, state) => {
    if (state.vaccinations.some((v) => v.vaccination_id === vaccination.vaccination_id)) return [];
    if (vaccination.administered_on > today) {
      throw new InvalidError(VACCINATION_MESSAGES.dateInFuture, {
        administered_on: VACCINATION_MESSAGES.dateInFuture,
      });
    }
    if (birthDate && vaccination.administered_on < birthDate) {
      throw new InvalidError(VACCINATION_MESSAGES.dateBeforeBirth, {
        administered_on: VACCINATION_MESSAGES.dateBeforeBirth,
      });
    }
    if (state.vaccinations.some((v) => sameDose(v, vaccination))) {
      throw new ConflictError(VACCINATION_MESSAGES.doseAlreadyRecorded);
    }
    return [
      {
        type: 'VaccinationRecorded',
        data: { ...vaccination, recorded_at: now.toISOString() },
      },
    ];
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'VaccinationRecorded':
        return { vaccinations: [...state.vaccinations, event.data] };
      default: {
        const unknown: never = event.type;
        return unknown;
      }
    }
  },
};
