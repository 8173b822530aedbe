import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { WalkInQueuePage } from './walk-in-queue-page';

const BOARD_USERS = new Set(['Provider', 'Staff', 'PracticeAdmin']);

/** The queue board, for the practice's providers, staff and admins; visitors sign in first. */
export function WalkInQueueRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (!BOARD_USERS.has(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return (
    <WalkInQueuePage
      practiceId={user.practice_id}
      providerId={user.type === 'Provider' ? user.id : undefined}
    />
  );
}
