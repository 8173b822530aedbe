import type { RouteObject } from 'react-router';

/** This feature's pages, mounted by the app router (apps/web/src/app/router.tsx). */
export const kioskRoutes: RouteObject[] = [];
