import {
  type AppointmentView,
  REJECT_REASON_MAX_LENGTH,
  REQUEST_MESSAGES,
  type RequestDecisionOutcome,
  type RequestDecisionStatus,
} from '@medbook/contracts';
import type { TFunction } from 'i18next';
import { i18n } from '../../shared/i18n';

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

/**
 * What the batch's outcomes tell the user, in the chosen language (`t`): one line for the
 * successes, one per failure (the API's reason as it sent it).
 */
export function outcomeSummary(
  status: RequestDecisionStatus,
  outcomes: readonly RequestDecisionOutcome[],
  listed: readonly AppointmentView[],
  t: TFunction = i18n.t,
): { readonly done: string | null; readonly failures: DecisionFailure[] } {
  const nameOf = (appointmentId: string) =>
    listed.find((a) => a.appointment_id === appointmentId)?.patient_name ??
    t('workspace.notDecided.aPatient');
  const decided = outcomes.filter((o) => o.ok).length;
  const done = decided === 0 ? null : t(`workspace.decided.${status}`, { count: decided });
  const failures = outcomes
    .filter((o) => !o.ok)
    .map((o) => ({
      appointmentId: o.appointment_id,
      text: t(`workspace.notDecided.${status}`, {
        who: nameOf(o.appointment_id),
        why: o.message ?? t('workspace.notDecided.itFailed'),
      }),
    }));
  return { done, failures };
}
