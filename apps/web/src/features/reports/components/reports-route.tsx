import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation, useParams } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { reportsPath } from '../../../shared/role-paths';
import { ReportsPage } from './reports-page';

/**
 * /practice-admin/reports/analytics for the practice's admins, /providers/{id}/reports/analytics
 * for a provider (their own visits); anyone else goes to their dashboard.
 */
export function ReportsRoute() {
  const location = useLocation();
  const { providerId } = useParams();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  const own = user.practice_id ? reportsPath(user.type, user.id) : null;
  if (!own || !user.practice_id) return <Navigate to={DASHBOARDS[user.type]} replace />;
  if (location.pathname !== own) return <Navigate to={own} replace />;
  return (
    <ReportsPage
      practiceId={user.practice_id}
      ownProvider={user.type === 'Provider' && providerId === user.id}
    />
  );
}
