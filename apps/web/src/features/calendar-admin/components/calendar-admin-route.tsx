import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { CalendarAdminPage } from './calendar-admin-page';

/** /practice-admin/calendars: a practice's admins only; visitors sign in first. */
export function CalendarAdminRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (user.type !== 'PracticeAdmin' || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <CalendarAdminPage practiceId={user.practice_id} />;
}
