import { createBrowserRouter } from 'react-router';
import { Shell } from './shell';

/** Routes load their feature lazily: the shell is all a first page needs. */
export const router = createBrowserRouter([
  {
    Component: Shell,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/health/components/health-page')).HealthPage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/not-found/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
]);
