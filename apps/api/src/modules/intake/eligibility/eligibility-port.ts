/** The port every insurance eligibility adapter implements (a clearing house in production). */
export const ELIGIBILITY_PORT = Symbol('ELIGIBILITY_PORT');

export interface EligibilityRequest {
  readonly insurance_name: string;
  readonly plan_name: string;
  readonly member_id: string;
  readonly now: Date;
}

export interface EligibilityOutcome {
  readonly eligible: boolean;
}

export interface EligibilityPort {
  check(request: EligibilityRequest): Promise<EligibilityOutcome>;
}
