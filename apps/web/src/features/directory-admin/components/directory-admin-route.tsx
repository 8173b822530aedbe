import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { DirectoryAdminPage } from './directory-admin-page';

/** /practice-admin/directory: a practice's admins only; visitors sign in first. */
export function DirectoryAdminRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (user.type !== 'PracticeAdmin' || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <DirectoryAdminPage practiceId={user.practice_id} />;
}
