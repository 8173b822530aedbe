import {
  IsBoolean,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import type { Positioned } from './read-your-writes';
import { invalid, length } from './validation-options';

/**
 * Surveys and reviews (issue 20, item 3): each provider's post-visit survey and reputation
 * settings, the survey link a patient gets once a visit is completed, the patients' reviews of
 * their visits (rating 1-5, once per appointment) and the reputation service's single sign-on.
 */
export const REVIEW_MESSAGES = {
  /** Spec 2.7's texts (the survey welcome page). */
  welcome: 'Welcome,',
  takeSurvey: 'Please take a quick survey from your care provider',
  whatToExpect: 'What to expect during Survey:',
  startSurvey: 'Start Survey',
  /** Ours. */
  saved: 'Survey settings saved.',
  surveyNotFound: 'There is no survey for this appointment.',
  providerNotFound: 'Provider not found.',
  adminOnly: "Only the practice's admins can change these settings.",
  linkNeeded: 'A survey link is needed to turn on the post-visit survey.',
  businessIdNeeded: 'A business id is needed to turn on reputation management.',
  reputationNotSetUp: 'Reputation management is not set up for this practice',
} as const;

/** The spec's field limits: review-platform business id 15; ours for the rest. */
export const SURVEY_INSTRUCTIONS_MAX = 2000;
export const SURVEY_LINK_MAX = 500;
export const REPUTATION_BUSINESS_ID_MAX = 15;
/** Ours: the provider's listing on the review site (its place id) and its reviews page. */
export const REVIEW_PLACE_ID_MAX = 255;
export const REVIEWS_URL_MAX = 500;
export const REVIEW_COMMENT_MAX = 2000;

/** PUT /providers/:provider_id/survey-settings: the whole form, every field replaced. */
export class SurveySettingsDto {
  @IsBoolean(invalid)
  post_visit_survey_enabled!: boolean;

  @IsBoolean(invalid)
  post_visit_feedback_enabled!: boolean;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(SURVEY_INSTRUCTIONS_MAX, length)
  patient_survey_instructions?: string;

  /** The external survey's address; each visit's link adds its appointment id to it. */
  /** Absent or empty: none. */
  @ValidateIf((o: SurveySettingsDto) => o.survey_link_base != null && o.survey_link_base !== '')
  @IsString(invalid)
  @MaxLength(SURVEY_LINK_MAX, length)
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false }, invalid)
  survey_link_base?: string;

  @IsBoolean(invalid)
  has_reputation_enabled!: boolean;

  @IsOptional()
  @IsString(invalid)
  @MaxLength(REPUTATION_BUSINESS_ID_MAX, length)
  @Matches(/^[A-Za-z0-9_-]*$/, invalid)
  reputation_business_id?: string;

  /** The provider's listing on the review site: the spec's provider_reviews.place_id. */
  @IsOptional()
  @IsString(invalid)
  @MaxLength(REVIEW_PLACE_ID_MAX, length)
  @Matches(/^[A-Za-z0-9_-]*$/, invalid)
  place_id?: string;

  /** The listing's reviews page: the spec's provider_reviews.url. Absent or empty: none. */
  @ValidateIf((o: SurveySettingsDto) => o.reviews_url != null && o.reviews_url !== '')
  @IsString(invalid)
  @MaxLength(REVIEWS_URL_MAX, length)
  @IsUrl({ protocols: ['https', 'http'], require_protocol: true, require_tld: false }, invalid)
  reviews_url?: string;
}

export interface SurveySettingsView {
  readonly provider_id: string;
  readonly practice_id: string;
  readonly provider_name: string;
  readonly post_visit_survey_enabled: boolean;
  readonly post_visit_feedback_enabled: boolean;
  readonly patient_survey_instructions: string | null;
  readonly survey_link_base: string | null;
  readonly has_reputation_enabled: boolean;
  readonly reputation_business_id: string | null;
  readonly place_id: string | null;
  readonly reviews_url: string | null;
}

/** Spec (second document, "Appointment info for survey"): what the welcome page shows. */
export interface SurveyInfoView {
  readonly appointment_id: string;
  readonly start_date: string;
  readonly patient_time_zone: string;
  readonly survey_link: string;
  readonly patient: { readonly name: { readonly first_name: string } };
  readonly provider: {
    readonly id: string;
    readonly name: string;
    readonly profile_picture_uri: string | null;
    readonly patient_survey_instructions: string | null;
  } | null;
  readonly resource: {
    readonly id: string;
    readonly name: string;
    readonly profile_picture_uri: string | null;
    readonly patient_survey_instructions: string | null;
  } | null;
  readonly practice: {
    readonly name: string;
    readonly address: string | null;
    readonly phone: string | null;
  };
  readonly facility: { readonly address: string | null; readonly phone_number: string | null };
}

/** A patient's completed visit: its survey link (when the survey is on) and their review. */
export interface VisitFeedbackView {
  readonly appointment_id: string;
  readonly practice_id: string;
  readonly provider_id: string | null;
  readonly provider_name: string | null;
  readonly start_date: string;
  readonly time_zone: string;
  readonly status: string;
  readonly completed: boolean;
  readonly survey_link: string | null;
  /** When the patient was sent the survey link (the visit's checkout), or null. */
  readonly survey_invited_at: string | null;
  /** The provider asks for feedback (a review) after the visit. */
  readonly feedback_enabled: boolean;
  readonly review_given: boolean;
  readonly review: { readonly rating: number; readonly comment: string | null } | null;
}

/** One review as its practice reads it. */
export interface PracticeReviewView {
  readonly appointment_id: string;
  readonly provider_id: string | null;
  readonly provider_name: string | null;
  readonly patient_name: string | null;
  readonly start_date: string;
  readonly rating: number;
  readonly comment: string | null;
  readonly reviewed_at: string;
  readonly survey_link: string | null;
}

/**
 * The spec's provider_reviews (place_id, rating, user_ratings_total, url): the provider's rating
 * and how many reviews, their listing on the review site when set up, and the latest reviews.
 */
export interface ProviderReviewsView {
  readonly provider_id: string;
  readonly provider_name: string;
  readonly specialty: string | null;
  readonly practice_name: string | null;
  readonly place_id: string | null;
  readonly rating: number | null;
  readonly user_ratings_total: number;
  readonly url: string | null;
  readonly reviews: readonly {
    readonly rating: number;
    readonly comment: string | null;
    readonly reviewed_at: string;
  }[];
}

/** GET /reputation-management/single-sign-on: where to send the browser, token included. */
export interface ReputationSsoView {
  readonly redirect_url: string;
  readonly expires_in: number;
}

/** The spec's provider_reviews.rating: the average of the ratings, to one decimal. */
export const averageRating = (sum: number, count: number): number =>
  Math.round((sum / count) * 10) / 10;

/** Pushed to `provider:<id>` (public) after each review: the provider's rating as it is now. */
export interface ProviderRatingMessage extends Positioned {
  readonly provider_id: string;
  /** The average (1-5, one decimal), as provider_reviews.rating. */
  readonly rating: number;
  readonly user_ratings_total: number;
}

/**
 * Pushed to the patient's (and the booking account's) `user:<id>` when a checked-out visit's
 * survey link is sent to them.
 */
export interface SurveyInvitedMessage extends Positioned {
  readonly appointment_id: string;
  readonly patient_id: string;
  readonly survey_link: string;
}

/** The survey welcome page of a visit (spec 2.7's appointments/{id}/start-survey). */
export const startSurveyPath = (appointmentId: string): string =>
  `/appointments/${appointmentId}/start-survey`;

/** The reputation site's landing page after sign-on (the spec's redirect target). */
export const REPUTATION_REDIRECT_PATH = '/dashboard/home';
