import { Navigate, useLocation } from 'react-router';
import { DASHBOARDS } from '@medbook/contracts';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { isWorkspaceType } from '../workspace-rules';
import { RequestsPage } from './requests-page';

/** The requests page, for the practice's users only; visitors sign in first. */
export function RequestsRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (!isWorkspaceType(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <RequestsPage user={{ ...user, practice_id: user.practice_id }} />;
}
