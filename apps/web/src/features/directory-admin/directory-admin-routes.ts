import type { RouteObject } from 'react-router';

/** This feature's pages, mounted by the app router (apps/web/src/app/router.tsx). */
export const directoryAdminRoutes: RouteObject[] = [
  {
    path: 'practice-admin/directory',
    lazy: async () => ({
      Component: (await import('./components/directory-admin-route')).DirectoryAdminRoute,
    }),
  },
];
