import type { RouteObject } from 'react-router';

/** This feature's pages, mounted by the app router (apps/web/src/app/router.tsx). */
export const kioskRoutes: RouteObject[] = [
  {
    path: 'kiosk',
    lazy: async () => ({
      Component: (await import('./components/kiosk-route')).KioskRoute,
    }),
  },
];
