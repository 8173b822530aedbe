import { fold } from '../../../domain/decider';
import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  type PracticePatientsEvent,
  practicePatientsDecider,
  practicePatientsStreamId,
} from './practice-patients.decider';

const given = DeciderSpecification.for(practicePatientsDecider);
const now = new Date('2026-11-25T09:30:00Z');
const PRACTICE = '0b0e0000-0000-4000-8000-00000000000a';
const STAFF = '0b0e0000-0000-4000-8000-00000000000b';
const ANN = '0b0e0000-0000-4000-8000-000000000001';
const register = {
  type: 'RegisterPatientAtPractice' as const,
  practiceId: PRACTICE,
  registeredBy: STAFF,
  now,
};
const registered = (patientId: string): PracticePatientsEvent => ({
  type: 'PatientRegisteredAtPractice',
  data: {
    practice_id: PRACTICE,
    patient_id: patientId,
    registered_by: STAFF,
    registered_at: now.toISOString(),
  },
});

describe("a practice's registered patients", () => {
  it('lists a patient the front desk registers', () => {
    given([])
      .when({ ...register, patientId: ANN })
      .then([registered(ANN)]);
  });

  it('lists a patient once: registering them again adds nothing', () => {
    given([registered(ANN)])
      .when({ ...register, patientId: ANN })
      .then([]);
  });

  it('knows every patient registered so far', () => {
    const state = fold(practicePatientsDecider, [registered(ANN), registered(STAFF)]);
    expect([...state.patientIds]).toEqual([ANN, STAFF]);
  });

  it('keeps one stream per practice', () => {
    expect(practicePatientsStreamId(PRACTICE)).toBe(`practice-patients-${PRACTICE}`);
  });
});
