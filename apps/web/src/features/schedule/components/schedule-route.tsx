import { DASHBOARDS } from '@medbook/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { SchedulePage } from './schedule-page';

const PRACTICE_USERS = new Set(['Provider', 'Staff', 'PracticeAdmin']);

/** The schedule, for the practice's providers, staff and admins; visitors sign in first. */
export function ScheduleRoute(props: { history?: (appointmentId: string) => ReactNode }) {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  if (!PRACTICE_USERS.has(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <SchedulePage practiceId={user.practice_id} history={props.history} />;
}
