import type { Decider } from '../../../domain/decider';

/** One stream per visit: its patient is sent the post-visit survey once. */
export const surveyInvitationStreamId = (appointmentId: string): string =>
  `survey-invitation-${appointmentId}`;

export interface SurveyInvitation {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly resource_id: string | null;
  readonly patient_id: string;
  /** The account that booked the visit (a guardian for a family member). */
  readonly booked_by: string;
  readonly survey_link: string;
  readonly invited_at: string;
}

export type SurveyInvitationEvent = { type: 'PatientInvitedToSurvey'; data: SurveyInvitation };

export interface SurveyInvitationState {
  readonly invited: boolean;
}

export interface InviteToSurvey {
  readonly type: 'InviteToSurvey';
  readonly invitation: SurveyInvitation;
}

/** A visit's survey is sent once: checking the visit out again sends nothing more. */
export const surveyInvitationDecider: Decider<
  InviteToSurvey,
  SurveyInvitationEvent,
  SurveyInvitationState
> = {
  initialState: () => ({ invited: false }),
  decide: (command, state) =>
    state.invited ? [] : [{ type: 'PatientInvitedToSurvey', data: command.invitation }],
  evolve: () => ({ invited: true }),
};
