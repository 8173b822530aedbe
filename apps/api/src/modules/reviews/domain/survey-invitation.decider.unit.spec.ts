import { DeciderSpecification } from '../../../domain/decider-specification';
import {
  type InviteToSurvey,
  type SurveyInvitation,
  type SurveyInvitationEvent,
  surveyInvitationDecider,
} from './survey-invitation';

const given = DeciderSpecification.for(surveyInvitationDecider);
const INVITATION: SurveyInvitation = {
  appointment_id: 'a1',
  practice_id: 'pr1',
  provider_id: 'doc1',
  resource_id: null,
  patient_id: 'pat1',
  booked_by: 'pat1',
  survey_link: 'https://surveys.example.com/s/abc?appointment_id=a1',
  invited_at: '2026-11-26T10:00:00.000Z',
};
const invite: InviteToSurvey = { type: 'InviteToSurvey', invitation: INVITATION };
const invited: SurveyInvitationEvent = { type: 'PatientInvitedToSurvey', data: INVITATION };

describe('survey invitation', () => {
  it("sends the visit's survey link to its patient", () => {
    given().when(invite).then([invited]);
  });

  it('sends it once, however often the visit is checked out', () => {
    given([invited]).when(invite).thenNothing();
  });
});
