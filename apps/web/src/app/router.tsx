import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from './route-error';
import { Shell } from './shell';
import { directoryAdminRoutes } from '../features/directory-admin/directory-admin-routes';
import { reviewsRoutes } from '../features/reviews/reviews-routes';
import { frontDeskRoutes } from '../features/front-desk/front-desk-routes';
import { kioskRoutes } from '../features/kiosk/kiosk-routes';
import { practiceWaitlistsRoutes } from '../features/practice-waitlists/practice-waitlists-routes';
import { vaccinationRoutes } from '../features/vaccination/vaccination-routes';
import { OLD_ACCOUNT_PATHS } from '../features/account/components/account-paths';
import { AccountRedirect } from '../features/account/components/account-redirect';
import { BOOKING_STAGE_ROUTE_PATHS } from '../features/booking/booking-stage-paths';

/** Routes load their feature lazily: the shell is all a first page needs. */
const pages: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('./routes/home-route')).HomeRoute,
    }),
  },
  {
    path: 'provider-search',
    lazy: async () => ({
      Component: (await import('./routes/provider-search-route')).ProviderSearchRoute,
    }),
  },
  {
    path: 'health',
    lazy: async () => ({
      Component: (await import('../features/health/components/health-page')).HealthPage,
    }),
  },
  ...(
    [
      ['privacy-policy', 'PrivacyPolicyPage'],
      ['terms-of-use', 'TermsOfUsePage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: async () => ({
      Component: (await import('../features/legal/components/legal-page'))[name],
    }),
  })),
  {
    path: 'account',
    lazy: async () => ({
      Component: (await import('../features/account/components/login-page')).LoginPage,
    }),
  },
  {
    path: 'account/signup',
    lazy: async () => ({
      Component: (await import('../features/account/components/signup-page')).SignUpPage,
    }),
  },
  ...(
    [
      ['account/forgot-password', 'ForgotPasswordPage'],
      ['account/verify-code', 'VerifyCodePage'],
      ['account/reset-password', 'ResetPasswordPage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: async () => ({
      Component: (await import('../features/account/components/password-reset-pages'))[name],
    }),
  })),
  ...(
    [
      ['account/social-login', 'SocialLoginPage'],
      ['account/social-signup', 'SocialSignUpPage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: async () => ({
      Component: (await import('../features/account/components/social-pages'))[name],
    }),
  })),
  // Spec 2.1: the old account addresses redirect under account, keeping their query.
  ...OLD_ACCOUNT_PATHS.map(([path, to]) => ({
    path,
    element: <AccountRedirect to={to} />,
  })),
  ...[
    'dashboard/patient',
    'dashboard/doctor',
    'dashboard/practice-staff',
    'practice-admin/dashboard',
    'super-user/dashboard',
    'support-agent/dashboard',
  ].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('./routes/dashboard-route')).DashboardRoute,
    }),
  })),
  {
    path: 'dashboard/appointment-requests',
    lazy: async () => ({
      Component: (await import('../features/practice-workspace/components/workspace-routes'))
        .RequestsRoute,
    }),
  },
  {
    path: 'walk-in-queue',
    lazy: async () => ({
      Component: (await import('../features/walk-in-queue/components/walk-in-queue-route'))
        .WalkInQueueRoute,
    }),
  },
  {
    path: 'waitlist',
    lazy: async () => ({
      Component: (await import('../features/waitlist/components/waitlist-page')).WaitlistPage,
    }),
  },
  {
    path: 'practice-admin/calendars',
    lazy: async () => ({
      Component: (await import('../features/calendar-admin/components/calendar-admin-route'))
        .CalendarAdminRoute,
    }),
  },
  // Digital check-in (issue 20): the staff's Check-In Summary per role, the admin's settings,
  // and the patient's consent and copay steps.
  ...[
    'practice-admin/digital-checkin',
    'providers/digital-checkin',
    'staff-member/digital-checkin',
  ].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../features/digital-check-in/components/digital-check-in-routes'))
        .CheckInSummaryRoute,
    }),
  })),
  {
    path: 'practice-admin/digital-checkin/settings',
    lazy: async () => ({
      Component: (await import('../features/digital-check-in/components/digital-check-in-routes'))
        .DigitalCheckInSettingsRoute,
    }),
  },
  {
    path: 'patient/consent',
    lazy: async () => ({
      Component: (await import('./routes/patient-check-in-routes')).PatientConsentRoute,
    }),
  },
  {
    path: 'patient/copay-payment',
    lazy: async () => ({
      Component: (await import('./routes/patient-check-in-routes')).PatientCopayRoute,
    }),
  },
  {
    // The check-in vendor's page of this product (its local adapter's address).
    path: 'patient/digital-check-in',
    lazy: async () => ({
      Component: (await import('../features/digital-check-in/components/digital-check-in-routes'))
        .VendorCheckInRoute,
    }),
  },
  {
    path: 'practice-admin/audit',
    lazy: async () => ({
      Component: (await import('../features/audit/components/audit-route')).AuditRoute,
    }),
  },
  {
    path: 'practice-admin/analytics',
    lazy: async () => ({
      Component: (await import('../features/analytics/components/analytics-route')).AnalyticsRoute,
    }),
  },
  // Settings (spec 6): each role's own address.
  ...[
    'practice-admin/settings',
    'providers/:providerId/settings',
    'patient/settings/edit',
    'super-user/settings',
  ].map((path) => ({
    path,
    lazy: async () => ({
      Component: (await import('../features/account/components/settings-page')).SettingsPage,
    }),
  })),
  // The spec's Calendar addresses per role: the calendar editor for admins, the schedule for
  // providers and staff.
  ...(
    [
      ['practice-admin/calendar', '/practice-admin/calendars'],
      ['providers/:providerId/calendar', '/practice/schedule'],
      ['staff-member/calendar', '/practice/schedule'],
    ] as const
  ).map(([path, to]) => ({ path, element: <Navigate to={to} replace /> })),
  {
    // A practice's public page (the workspace's own /practice/... pages are matched first).
    path: 'practice/:practiceId',
    lazy: async () => ({
      Component: (await import('../features/practice-profile/components/practice-profile-page'))
        .PracticeProfilePage,
    }),
  },
  // The appointments report: the practice's admins, and a provider for their own visits.
  ...['practice-admin/reports/analytics', 'providers/:providerId/reports/analytics'].map(
    (path) => ({
      path,
      lazy: async () => ({
        Component: (await import('../features/reports/components/reports-route')).ReportsRoute,
      }),
    }),
  ),
  {
    path: 'booking',
    lazy: async () => ({
      Component: (await import('../features/booking/components/booking-page')).BookingPage,
    }),
  },
  {
    // Each wizard stage's own address; one layout keeps the wizard mounted between them.
    lazy: async () => ({
      Component: (await import('../features/booking/components/booking-wizard-route'))
        .BookingWizardRoute,
    }),
    children: BOOKING_STAGE_ROUTE_PATHS.map((path) => ({ path })),
  },
  {
    path: 'meeting/readiness/:appointmentId',
    lazy: async () => ({
      Component: (await import('../features/telehealth/components/readiness-page')).ReadinessPage,
    }),
  },
  {
    path: 'meeting/waiting-room/:appointmentId',
    lazy: async () => ({
      Component: (await import('../features/telehealth/components/waiting-room-page'))
        .WaitingRoomPage,
    }),
  },
  {
    path: 'meeting/:appointmentId',
    lazy: async () => ({
      Component: (await import('../features/telehealth/components/call-page')).CallPage,
    }),
  },
  {
    // The spec's `validate` route: a guest's invitation link to a video visit.
    path: 'validate',
    lazy: async () => ({
      Component: (await import('../features/telehealth/components/validate-invitation-page'))
        .ValidateInvitationPage,
    }),
  },
  {
    path: 'patient/check-in',
    lazy: async () => ({
      Component: (await import('../features/patient-dashboard/components/check-in-page'))
        .CheckInPage,
    }),
  },
  {
    path: 'practice/schedule',
    lazy: async () => ({
      Component: (await import('./routes/schedule-route')).PracticeScheduleRoute,
    }),
  },
  {
    // One patient in the practice's workspace (before practice/:practiceId, the public page).
    path: 'practice/patients/:patientId',
    lazy: async () => ({
      Component: (await import('./routes/practice-patient-route')).PracticePatientRoute,
    }),
  },
  ...frontDeskRoutes,
  ...kioskRoutes,
  ...practiceWaitlistsRoutes,
  ...directoryAdminRoutes,
  ...reviewsRoutes,
  // The patient-review login and sign-up variants (the account feature's pages, then the review).
  ...(
    [
      ['patient-review', 'PatientReviewLogin'],
      ['patient-review/appointments/:appointmentId/login', 'PatientReviewLogin'],
      ['patient-review/appointments/:appointmentId/signup', 'PatientReviewSignUp'],
    ] as const
  ).map(([path, name]) => ({
    path,
    lazy: async () => ({
      Component: (await import('./routes/patient-review-route'))[name],
    }),
  })),
  // Its password reset steps (spec: {flow}/forgot-password and the rest, under its prefix).
  ...(
    [
      ['forgot-password', 'ForgotPasswordPage'],
      ['verify-code', 'VerifyCodePage'],
      ['reset-password', 'ResetPasswordPage'],
    ] as const
  ).map(([step, name]) => ({
    path: `patient-review/appointments/:appointmentId/${step}`,
    lazy: async () => ({
      Component: (await import('../features/account/components/password-reset-pages'))[name],
    }),
  })),
  ...vaccinationRoutes,
  // The vaccination passport behind its own login variant (spec 0, section 2).
  ...(
    [
      ['vaccine-passport', 'home'],
      ['vaccine-passport/family', 'family'],
      ['vaccine-passport/no-record', 'noRecord'],
    ] as const
  ).map(([path, page]) => ({
    path,
    lazy: async () => {
      const { VaccinePassportRoute } = await import('./routes/vaccine-passport-route');
      return { Component: () => <VaccinePassportRoute page={page} /> };
    },
  })),
  {
    path: '*',
    lazy: async () => ({
      Component: (await import('../features/not-found/not-found-page')).NotFoundPage,
    }),
  },
];

/** Each page fails on its own: the shell stays and the page offers to try again. */
export const router = createBrowserRouter([
  { Component: Shell, children: pages.map((page) => ({ ...page, ErrorBoundary: RouteError })) },
]);
