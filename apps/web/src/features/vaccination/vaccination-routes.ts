import type { RouteObject } from 'react-router';

/**
 * This feature's pages that need no passport login (mounted by apps/web/src/app/router.tsx):
 * the verifier's public page and the practice's recording page. The patient's passport pages sit
 * behind the passport's login variant (app/routes/vaccine-passport-route.tsx).
 */
export const vaccinationRoutes: RouteObject[] = [
  {
    path: 'vaccine-passport/:userId/verification',
    lazy: async () => ({
      Component: (await import('./components/passport-verification-page')).PassportVerificationPage,
    }),
  },
  {
    path: 'practice/vaccinations',
    lazy: async () => ({
      Component: (await import('./components/record-vaccination-route')).RecordVaccinationRoute,
    }),
  },
];
