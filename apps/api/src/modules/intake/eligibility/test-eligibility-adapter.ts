import { Injectable } from '@nestjs/common';
import type { EligibilityOutcome, EligibilityPort, EligibilityRequest } from './eligibility-port';

/** Member ids starting with this prefix are answered "not eligible" by the local test adapter. */
export const INELIGIBLE_MEMBER_PREFIX = 'INELIG';

/** Deterministic and offline: every member id is eligible except those starting with INELIG. */
@Injectable()
export class TestEligibilityAdapter implements EligibilityPort {
  check(request: EligibilityRequest): Promise<EligibilityOutcome> {
    const eligible = !request.member_id.toUpperCase().startsWith(INELIGIBLE_MEMBER_PREFIX);
    return Promise.resolve({ eligible });
  }
}
