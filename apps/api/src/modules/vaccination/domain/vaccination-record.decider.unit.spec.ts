import { VACCINATION_MESSAGES } from '@medbook/contracts';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { ConflictError, InvalidError } from '../../../domain/domain-error';
import {
  type RecordVaccination,
  type VaccinationRecordEvent,
  vaccinationRecordDecider,
} from './vaccination-record.decider';

const given = DeciderSpecification.for(vaccinationRecordDecider);
const NOW = new Date('2026-11-23T10:00:00Z');
const PATIENT = '00000000-0000-4000-8000-000000000001';
const PRACTICE = '00000000-0000-4000-8000-000000000002';
const STAFF = '00000000-0000-4000-8000-000000000003';

const dose = (overrides: Partial<RecordVaccination['vaccination']> = {}) => ({
  vaccination_id: '00000000-0000-4000-8000-0000000000a1',
  patient_id: PATIENT,
  vaccine_kind: 'Covid' as const,
  vaccine_name: 'Comirnaty',
  administered_on: '2026-11-20',
  lot_number: 'FA1234',
  dose_number: 1,
  practice_id: PRACTICE,
  practice_name: 'Demo Clinic',
  recorded_by: STAFF,
  ...overrides,
});

const record = (
  overrides: Partial<RecordVaccination['vaccination']> = {},
  birthDate: string | null = '1990-04-01',
): RecordVaccination => ({
  vaccination: dose(overrides),
  birthDate,
  today: '2026-11-24',
  now: NOW,
});

const recorded = (
  overrides: Partial<RecordVaccination['vaccination']> = {},
): VaccinationRecordEvent => ({
  type: 'VaccinationRecorded',
  data: { ...dose(overrides), recorded_at: NOW.toISOString() },
});

describe('recording a vaccination', () => {
  it('records a dose given on a past day', () => {
    given([]).when(record()).then([recorded()]);
  });

  it('records a dose given today, and one for a patient whose birth date is not known', () => {
    given([])
      .when(record({ administered_on: '2026-11-24' }, null))
      .then([recorded({ administered_on: '2026-11-24' })]);
  });

  it('refuses a day still to come', () => {
    given([])
      .when(record({ administered_on: '2026-11-25' }))
      .thenThrows(InvalidError, VACCINATION_MESSAGES.dateInFuture);
  });

  it('refuses a day before the patient was born, and takes the birth day itself', () => {
    given([])
      .when(record({ administered_on: '1990-03-31' }))
      .thenThrows(InvalidError, VACCINATION_MESSAGES.dateBeforeBirth);
    given([])
      .when(record({ administered_on: '1990-04-01' }))
      .then([recorded({ administered_on: '1990-04-01' })]);
  });

  it('refuses the same dose of the same vaccine twice, whatever the name case', () => {
    given([recorded()])
      .when(record({ vaccination_id: 'other', vaccine_name: 'COMIRNATY' }))
      .thenThrows(ConflictError, VACCINATION_MESSAGES.doseAlreadyRecorded);
  });

  it('records the next dose, and another vaccine with the same dose number', () => {
    given([recorded()])
      .when(record({ vaccination_id: 'second', dose_number: 2 }))
      .then([recorded({ vaccination_id: 'second', dose_number: 2 })]);
    given([recorded()])
      .when(record({ vaccination_id: 'flu', vaccine_kind: 'Other', vaccine_name: 'Fluzone' }))
      .then([recorded({ vaccination_id: 'flu', vaccine_kind: 'Other', vaccine_name: 'Fluzone' })]);
  });

  it('records nothing again for a vaccination already recorded (a retried command)', () => {
    given([recorded()]).when(record()).thenNothing();
  });
});
