import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { PracticeWaitlistsPage } from './practice-waitlists-page';

const PRACTICE_USERS = new Set(['Provider', 'Staff', 'PracticeAdmin']);

/** The practice's waiting lists, for its providers, staff and admins; visitors sign in first. */
export function PracticeWaitlistsRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (!PRACTICE_USERS.has(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <PracticeWaitlistsPage practiceId={user.practice_id} />;
}
