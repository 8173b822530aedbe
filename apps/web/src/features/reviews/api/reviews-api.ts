import type {
  PracticeReviewView,
  ProviderReviewsView,
  ReputationSsoView,
  SurveyInfoView,
  SurveySettingsDto,
  SurveySettingsView,
  VisitFeedbackView,
} from '@medbook/contracts';
import { api } from '../../../shared/api-client';

const enc = encodeURIComponent;
const after = (position?: number) => (position ? `?min_position=${position}` : '');

export const reviewsApi = {
  surveyInfo: (appointmentId: string) =>
    api<SurveyInfoView>('GET', `/appointments/${enc(appointmentId)}/survey`),
  visit: (appointmentId: string, position?: number) =>
    api<VisitFeedbackView>('GET', `/appointments/${enc(appointmentId)}/feedback${after(position)}`),
  myVisits: (position?: number) =>
    api<VisitFeedbackView[]>('GET', `/me/visit-feedback${after(position)}`),
  review: (appointmentId: string, rating: number, comment: string) =>
    api<{ position: number }>('POST', `/appointments/${enc(appointmentId)}/review`, {
      rating,
      ...(comment.trim() ? { comment } : {}),
    }),
  settings: (providerId: string, position?: number) =>
    api<SurveySettingsView>(
      'GET',
      `/providers/${enc(providerId)}/survey-settings${after(position)}`,
    ),
  practiceSettings: (practiceId: string, position?: number) =>
    api<SurveySettingsView[]>(
      'GET',
      `/practices/${enc(practiceId)}/survey-settings${after(position)}`,
    ),
  saveSettings: (providerId: string, settings: SurveySettingsDto) =>
    api<{ position: number }>('PUT', `/providers/${enc(providerId)}/survey-settings`, settings),
  practiceReviews: (practiceId: string, position?: number) =>
    api<PracticeReviewView[]>('GET', `/practices/${enc(practiceId)}/reviews${after(position)}`),
  providerReviews: (providerId: string, position?: number) =>
    api<ProviderReviewsView>('GET', `/providers/${enc(providerId)}/reviews${after(position)}`),
  singleSignOn: () => api<ReputationSsoView>('GET', '/reputation-management/single-sign-on'),
};
