import type { RouteObject } from 'react-router';

/** This feature's pages, mounted by the app router (apps/web/src/app/router.tsx). */
export const frontDeskRoutes: RouteObject[] = [
  {
    path: 'practice/book',
    lazy: async () => ({
      Component: (await import('./components/book-for-patient-route')).BookForPatientRoute,
    }),
  },
];
