import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  type EligibilityEvent,
  eligibilityDecider,
  type RecordEligibility,
} from './eligibility.decider';

const given = DeciderSpecification.for(eligibilityDecider);
const check: RecordEligibility = {
  check: {
    eligibility_id: '00000000-0000-4000-8000-0000000000e1',
    eligible: true,
    message: 'Eligible',
    calendar_id: '00000000-0000-4000-8000-0000000000c1',
    patient_id: '00000000-0000-4000-8000-0000000000p1',
    insurance_id: 1,
    plan_id: 2,
    member_id: 'M123',
    checked_by: 'patient-1',
    checked_at: '2026-11-23T10:00:00.000Z',
  },
};
const checked: EligibilityEvent = { type: 'InsuranceEligibilityChecked', data: check.check };

describe('recording an eligibility check', () => {
  it('records the insurer answer', () => {
    given([]).when(check).then([checked]);
  });

  it('records a check once: a retry changes nothing', () => {
    given([checked]).when(check).thenNothing();
  });
});
