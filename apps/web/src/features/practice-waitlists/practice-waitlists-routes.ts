import type { RouteObject } from 'react-router';

/** This feature's pages, mounted by the app router (apps/web/src/app/router.tsx). */
export const practiceWaitlistsRoutes: RouteObject[] = [
  {
    path: 'practice/waitlists',
    lazy: async () => ({
      Component: (await import('./components/practice-waitlists-route')).PracticeWaitlistsRoute,
    }),
  },
];
