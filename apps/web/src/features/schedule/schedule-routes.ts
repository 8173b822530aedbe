import type { RouteObject } from 'react-router';

/** This feature's pages, mounted by the app router (apps/web/src/app/router.tsx). */
export const scheduleRoutes: RouteObject[] = [
  {
    path: 'practice/schedule',
    lazy: async () => ({
      Component: (await import('./components/schedule-route')).ScheduleRoute,
    }),
  },
];
