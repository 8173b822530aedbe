import type { RouteObject } from 'react-router';

/**
 * This feature's pages, mounted by the app router (apps/web/src/app/router.tsx); the
 * patient-review login and sign-up variants are composed there with the account feature's pages.
 */
export const reviewsRoutes: RouteObject[] = [
  {
    path: 'appointments/:appointmentId/start-survey',
    lazy: async () => ({
      Component: (await import('./components/survey-welcome-page')).SurveyWelcomePage,
    }),
  },
  {
    path: 'patient-review/appointments/:appointmentId',
    lazy: async () => ({
      Component: (await import('./components/review-page')).ReviewPage,
    }),
  },
  ...['practice-admin/surveys', 'providers/:providerId/surveys', 'staff-member/surveys'].map(
    (path) => ({
      path,
      lazy: async () => ({
        Component: (await import('./components/surveys-route')).SurveysRoute,
      }),
    }),
  ),
  {
    // The provider's profile as patients rate it (the search card's rating links here).
    path: 'providers/:providerId/reviews',
    lazy: async () => ({
      Component: (await import('./components/provider-reviews-page')).ProviderReviewsPage,
    }),
  },
  {
    path: 'reputation-management/single-sign-on',
    lazy: async () => ({
      Component: (await import('./components/reputation-sso-page')).ReputationSsoPage,
    }),
  },
];
