import { DASHBOARDS, type LoginResult } from '@medbook/contracts';
import { REDIRECT_KEY, signedIn } from '../../shared/session';

export { rememberRedirect } from '../../shared/session';

/** Stores the session; answers the stored redirect URL, else the dashboard for the user type. */
export function completeSignIn(result: LoginResult): string {
  signedIn(result);
  const stored = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return stored && stored.startsWith('/') && !stored.startsWith('//')
    ? stored
    : DASHBOARDS[result.user.type];
}
