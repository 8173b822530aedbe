import { MEETING_MESSAGES } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { ConflictError } from '../../../domain/domain-error';

/** The patient's review of one visit (rating 1-5 and a comment), once, after it took place. */
export const visitReviewStreamId = (appointmentId: string): string =>
  `visit-review-${appointmentId}`;

export interface VisitReviewed {
  readonly appointment_id: string;
  readonly provider_id: string | null;
  readonly practice_id: string;
  readonly patient_id: string;
  readonly reviewed_by: string;
  readonly rating: number;
  readonly comment: string | null;
  readonly at: string;
}

export type VisitReviewEvent = { type: 'VisitReviewed'; data: VisitReviewed };
export type VisitReviewState = { readonly review: VisitReviewed | null };
export type VisitReviewCommand = { type: 'ReviewVisit'; review: VisitReviewed };

export const visitReviewDecider: Decider<VisitReviewCommand, VisitReviewEvent, VisitReviewState> = {
  initialState: () => ({ review: null }),
  decide: (command, state) => {
    if (state.review) throw new ConflictError(MEETING_MESSAGES.reviewedAlready);
    return [{ type: 'VisitReviewed', data: command.review }];
  },
  evolve: (_state, event) => ({ review: event.data }),
};
