import { Box, Container } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SearchFilterBar } from '../features/search/components/search-filter-bar';
import { Footer } from './footer';
import { Header } from './header';
import { ToastHost } from './toast-host';
import { LivePausedBanner } from '../live/live-paused-banner';
import {
  isWorkspacePath,
  isWorkspaceType,
  KIOSK_PATH,
} from '../features/practice-workspace/workspace-rules';
import {
  currentUser,
  rememberRedirect,
  SESSION_ENDED_MESSAGE,
  sessionEnded$,
} from '../shared/session';
import { WorkspaceShell } from './workspace-shell';
import { ACCOUNT_PATHS } from '../features/account/components/account-paths';
import { useLandingShown } from '../features/landing/landing-state';

const LandingPage = lazy(async () => ({
  default: (await import('../features/landing/components/landing-page')).LandingPage,
}));

/** The header carries the search bar except where the page has its own or search is off-topic. */
const searchInHeader = (pathname: string): boolean =>
  pathname !== '/' &&
  ![
    '/provider-search',
    '/login',
    '/signup',
    '/account',
    '/forgot-password',
    '/verify-code',
    '/reset-password',
    '/booking',
    '/social',
  ].some((prefix) => pathname.startsWith(prefix));

/**
 * The root shell: the home page runs full width on its own background, inner pages in a column;
 * a practice user's workspace pages get the back office's shell, and the check-in kiosk (a tablet
 * at the clinic's door) gets the screen to itself.
 */
export function Shell() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Read as the address changes, not pushed: when a session ends, the page must stay mounted
  // until the session's own redirect (with its message) has moved it to the login page.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- read again at each address
  const user = useMemo(() => currentUser(), [pathname]);
  // A session that really ended (its refresh refused) lands on the login page with the spec's
  // message, and signing in again returns to where the user was.
  useEffect(() => {
    const subscription = sessionEnded$.subscribe(() => {
      const { pathname: path, search } = window.location;
      if (!path.startsWith('/login') && !path.startsWith(ACCOUNT_PATHS.login)) {
        rememberRedirect(`${path}${search}`);
      }
      void navigate(`${ACCOUNT_PATHS.login}?error=${encodeURIComponent(SESSION_ENDED_MESSAGE)}`, {
        replace: true,
      });
    });
    return () => subscription.unsubscribe();
  }, [navigate]);
  const home = pathname === '/';
  // Spec 2.6: the practices' landing page takes the root, with its own header and footer.
  const landing = useLandingShown();
  if (pathname === KIOSK_PATH || pathname.startsWith(`${KIOSK_PATH}/`)) {
    return (
      <Box component="main" sx={{ minHeight: '100vh' }}>
        <Outlet />
        <ToastHost />
        <LivePausedBanner />
      </Box>
    );
  }
  if (landing !== false) {
    return (
      <Box sx={{ minHeight: '100vh' }}>
        {landing && (
          <Suspense fallback={null}>
            <LandingPage />
          </Suspense>
        )}
        <ToastHost />
      </Box>
    );
  }
  if (user?.practice_id && isWorkspaceType(user.type) && isWorkspacePath(pathname)) {
    return (
      <>
        <WorkspaceShell user={user} type={user.type} practiceId={user.practice_id} />
        <ToastHost />
        <LivePausedBanner />
      </>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header search={searchInHeader(pathname) ? <SearchFilterBar mode="header" /> : null} />
      {home ? (
        <Box component="main" sx={{ flex: 1 }}>
          <Outlet />
        </Box>
      ) : (
        <Container component="main" maxWidth="lg" sx={{ flex: 1, py: 4 }}>
          <Outlet />
        </Container>
      )}
      <Footer />
      <ToastHost />
      <LivePausedBanner />
    </Box>
  );
}
