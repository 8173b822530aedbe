import { REVIEW_MESSAGES } from '@medbook/contracts';
import { DeciderSpecification } from '../../../domain/decider-specification';
import { InvalidError } from '../../../domain/domain-error';
import {
  type ChangeSurveySettings,
  DEFAULT_SURVEY_SETTINGS,
  normalizeSurveySettings,
  type SurveySettings,
  type SurveySettingsEvent,
  surveyLinkOf,
  surveySettingsDecider,
} from './survey-settings';

const given = DeciderSpecification.for(surveySettingsDecider);
const now = new Date('2026-11-26T10:00:00Z');
const ON: SurveySettings = {
  post_visit_survey_enabled: true,
  post_visit_feedback_enabled: true,
  patient_survey_instructions: 'Five questions about your visit.',
  survey_link_base: 'https://surveys.example.com/s/abc',
  has_reputation_enabled: true,
  reputation_business_id: 'BIZ-1',
  place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
  reviews_url: 'https://reviews.example.com/biz-1',
};
const change = (settings: SurveySettings): ChangeSurveySettings => ({
  type: 'ChangeSurveySettings',
  providerId: 'doc1',
  practiceId: 'pr1',
  settings,
  by: 'admin1',
  now,
});
const changed = (settings: SurveySettings): SurveySettingsEvent => ({
  type: 'ProviderSurveySettingsChanged',
  data: {
    provider_id: 'doc1',
    practice_id: 'pr1',
    ...settings,
    changed_by: 'admin1',
    changed_at: now.toISOString(),
  },
});

describe('survey settings', () => {
  it('records the whole set of settings', () => {
    given()
      .when(change(ON))
      .then([changed(ON)]);
  });

  it('records nothing when nothing changes', () => {
    given([changed(ON)])
      .when(change(ON))
      .thenNothing();
    given().when(change(DEFAULT_SURVEY_SETTINGS)).thenNothing();
  });

  it('turns the survey off again', () => {
    const off = { ...ON, post_visit_survey_enabled: false };
    given([changed(ON)])
      .when(change(off))
      .then([changed(off)]);
  });

  it('reads settings recorded before the review-site listing as having none', () => {
    const { place_id: _place, reviews_url: _url, ...earlier } = ON;
    const recorded: SurveySettingsEvent = {
      type: 'ProviderSurveySettingsChanged',
      data: {
        provider_id: 'doc1',
        practice_id: 'pr1',
        ...earlier,
        changed_by: 'admin1',
        changed_at: now.toISOString(),
      },
    };
    given([recorded])
      .when(change({ ...ON, place_id: null, reviews_url: null }))
      .thenNothing();
    given([recorded])
      .when(change(ON))
      .then([changed(ON)]);
  });

  it('refuses a survey without a link and reputation without a business id', () => {
    given()
      .when(change({ ...ON, survey_link_base: null }))
      .thenThrows(InvalidError, REVIEW_MESSAGES.linkNeeded);
    given()
      .when(change({ ...ON, reputation_business_id: null }))
      .thenThrows(InvalidError, REVIEW_MESSAGES.businessIdNeeded);
  });

  it('reads empty texts as none', () => {
    expect(
      normalizeSurveySettings({
        post_visit_survey_enabled: false,
        patient_survey_instructions: '   ',
        survey_link_base: '',
        reputation_business_id: ' B1 ',
      }),
    ).toEqual({
      ...DEFAULT_SURVEY_SETTINGS,
      reputation_business_id: 'B1',
    });
  });

  it("adds the appointment's id to the survey link, keeping the link's own query", () => {
    expect(surveyLinkOf('https://surveys.example.com/s/abc?lang=en', 'a1')).toBe(
      'https://surveys.example.com/s/abc?lang=en&appointment_id=a1',
    );
  });
});
