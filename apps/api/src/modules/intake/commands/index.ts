import { SubmitScreeningHandler } from './submit-screening';
import { UpdateDemographicsHandler } from './update-demographics';
import { VerifyEligibilityHandler } from './verify-eligibility';

export const INTAKE_COMMAND_HANDLERS = [
  SubmitScreeningHandler,
  UpdateDemographicsHandler,
  VerifyEligibilityHandler,
];
