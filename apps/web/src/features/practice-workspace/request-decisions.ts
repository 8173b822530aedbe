import {
  type AppointmentView,
  REJECT_REASON_MAX_LENGTH,
  REQUEST_MESSAGES,
  type RequestDecisionOutcome,
  type RequestDecisionStatus,
} from '@medbook/contracts';

/** The reason's problem as the API would say it, before a round trip; null when it is fine. */
export function reasonError(reason: string): string | null {
  const text = reason.trim();
  if (text.length === 0) return REQUEST_MESSAGES.reasonRequired;
  if (text.length > REJECT_REASON_MAX_LENGTH) return REQUEST_MESSAGES.reasonTooLong;
  return null;
}

/** A request the batch could not decide, named as the list shows it. */
export interface DecisionFailure {
  readonly appointmentId: string;
  readonly text: string;
}

const VERB: Record<RequestDecisionStatus, string> = { Accepted: 'accept', Rejected: 'reject' };
const DONE: Record<RequestDecisionStatus, string> = { Accepted: 'accepted', Rejected: 'rejected' };

const nameOf = (appointmentId: string, listed: readonly AppointmentView[]) =>
  listed.find((a) => a.appointment_id === appointmentId)?.patient_name ?? 'a patient';

/** What the batch's outcomes tell the user: one line for the successes, one per failure. */
export function outcomeSummary(
  status: RequestDecisionStatus,
  outcomes: readonly RequestDecisionOutcome[],
  listed: readonly AppointmentView[],
): { readonly done: string | null; readonly failures: DecisionFailure[] } {
  const decided = outcomes.filter((o) => o.ok).length;
  const done =
    decided === 0 ? null : `${decided} ${decided === 1 ? 'request' : 'requests'} ${DONE[status]}.`;
  const failures = outcomes
    .filter((o) => !o.ok)
    .map((o) => ({
      appointmentId: o.appointment_id,
      text: `Could not ${VERB[status]} ${nameOf(o.appointment_id, listed)}'s request: ${o.message ?? 'it failed.'}`,
    }));
  return { done, failures };
}
