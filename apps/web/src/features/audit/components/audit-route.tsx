import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { AuditPage } from './audit-page';

/** /practice-admin/audit: the practice's admins; visitors sign in first. */
export function AuditRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (user.type !== 'PracticeAdmin' || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <AuditPage practiceId={user.practice_id} />;
}
