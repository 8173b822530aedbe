import type { EligibilityView } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';

/** One stream per eligibility check. */
export const eligibilityStreamId = (eligibilityId: string): string =>
  `eligibility-${eligibilityId}`;

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
