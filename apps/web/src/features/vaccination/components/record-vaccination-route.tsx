import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { RecordVaccinationPage } from './record-vaccination-page';

const PRACTICE_USERS = new Set(['Provider', 'Staff', 'PracticeAdmin']);

/** /practice/vaccinations: the practice's providers, staff and admins; visitors sign in first. */
export function RecordVaccinationRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (!PRACTICE_USERS.has(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <RecordVaccinationPage practiceId={user.practice_id} />;
}
