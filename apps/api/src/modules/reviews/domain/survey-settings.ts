import { REVIEW_MESSAGES } from '@medbook/contracts';
import type { Decider } from '../../../domain/decider';
import { InvalidError } from '../../../domain/domain-error';

/** One provider's post-visit survey and reputation settings, edited by the practice's admins. */
export const surveySettingsStreamId = (providerId: string): string =>
  `survey-settings-${providerId}`;

export interface SurveySettings {
  readonly post_visit_survey_enabled: boolean;
  readonly post_visit_feedback_enabled: boolean;
  readonly patient_survey_instructions: string | null;
  readonly survey_link_base: string | null;
  readonly has_reputation_enabled: boolean;
  readonly reputation_business_id: string | null;
  /** The provider's listing on the review site and its reviews page (provider_reviews). */
  readonly place_id: string | null;
  readonly reviews_url: string | null;
}

export const DEFAULT_SURVEY_SETTINGS: SurveySettings = {
  post_visit_survey_enabled: false,
  post_visit_feedback_enabled: false,
  patient_survey_instructions: null,
  survey_link_base: null,
  has_reputation_enabled: false,
  reputation_business_id: null,
  place_id: null,
  reviews_url: null,
};

/** Events recorded before the review-site listing was kept have no place_id or reviews_url. */
export type SurveySettingsEvent = {
  type: 'ProviderSurveySettingsChanged';
  data: Omit<SurveySettings, 'place_id' | 'reviews_url'> &
    Partial<Pick<SurveySettings, 'place_id' | 'reviews_url'>> & {
      readonly provider_id: string;
      readonly practice_id: string;
      readonly changed_by: string;
      readonly changed_at: string;
    };
};

export interface SurveySettingsState {
  readonly settings: SurveySettings;
}

export interface ChangeSurveySettings {
  readonly type: 'ChangeSurveySettings';
  readonly providerId: string;
  readonly practiceId: string;
  readonly settings: SurveySettings;
  readonly by: string;
  readonly now: Date;
}

const SETTING_KEYS = Object.keys(DEFAULT_SURVEY_SETTINGS) as (keyof SurveySettings)[];

/** Empty texts are no text; the form always sends the whole set. */
export function normalizeSurveySettings(input: {
  [K in keyof SurveySettings]?: SurveySettings[K] | undefined;
}): SurveySettings {
  const text = (value: string | null | undefined) => value?.trim() || null;
  return {
    post_visit_survey_enabled: input.post_visit_survey_enabled === true,
    post_visit_feedback_enabled: input.post_visit_feedback_enabled === true,
    patient_survey_instructions: text(input.patient_survey_instructions),
    survey_link_base: text(input.survey_link_base),
    has_reputation_enabled: input.has_reputation_enabled === true,
    reputation_business_id: text(input.reputation_business_id),
    place_id: text(input.place_id),
    reviews_url: text(input.reviews_url),
  };
}

/**
 * A survey needs somewhere to send the patient, reputation management a business to sign into;
 * the same settings again record nothing.
 */
export const surveySettingsDecider: Decider<
  ChangeSurveySettings,
  SurveySettingsEvent,
  SurveySettingsState
> = {
  initialState: () => ({ settings: DEFAULT_SURVEY_SETTINGS }),
  decide: (command, state) => {
    const { settings } = command;
    if (settings.post_visit_survey_enabled && !settings.survey_link_base)
      throw new InvalidError(REVIEW_MESSAGES.linkNeeded);
    if (settings.has_reputation_enabled && !settings.reputation_business_id)
      throw new InvalidError(REVIEW_MESSAGES.businessIdNeeded);
    if (SETTING_KEYS.every((key) => settings[key] === state.settings[key])) return [];
    return [
      {
        type: 'ProviderSurveySettingsChanged',
        data: {
          provider_id: command.providerId,
          practice_id: command.practiceId,
          ...settings,
          changed_by: command.by,
          changed_at: command.now.toISOString(),
        },
      },
    ];
  },
  evolve: (_state, event) => {
    const {
      provider_id: _p,
      practice_id: _pr,
      changed_by: _b,
      changed_at: _a,
      ...settings
    } = event.data;
    return { settings: normalizeSurveySettings(settings) };
  },
};

/**
 * A visit's survey link: the provider's survey address with the appointment's id added, so the
 * survey knows which visit it is about.
 */
export function surveyLinkOf(base: string, appointmentId: string): string {
  const url = new URL(base);
  url.searchParams.set('appointment_id', appointmentId);
  return url.toString();
}
