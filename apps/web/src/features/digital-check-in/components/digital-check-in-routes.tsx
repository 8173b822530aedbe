import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { CheckInSummaryPage } from './check-in-summary-page';
import { DigitalCheckInSettingsPage } from './digital-check-in-settings-page';

const PRACTICE_USERS = new Set(['Provider', 'Staff', 'PracticeAdmin']);

/** /practice-admin/digital-checkin, /providers/digital-checkin, /staff-member/digital-checkin. */
export function CheckInSummaryRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (!PRACTICE_USERS.has(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <CheckInSummaryPage practiceId={user.practice_id} admin={user.type === 'PracticeAdmin'} />;
}

/** /practice-admin/digital-checkin/settings: practice admins only. */
export function DigitalCheckInSettingsRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (user.type !== 'PracticeAdmin' || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <DigitalCheckInSettingsPage practiceId={user.practice_id} />;
}

/**
 * /patient/digital-check-in?system_type=Internal&appointment_id=&redirect_uri=: the local check-in
 * vendor's page (where the booked popup sends the patient once the vendor has the appointment):
 * the patient's own check-in, from its first step.
 */
export function VendorCheckInRoute() {
  const [params] = useSearchParams();
  const appointmentId = params.get('appointment_id') ?? '';
  if (!appointmentId) return <Navigate to="/dashboard/patient" replace />;
  return <Navigate to={`/patient/consent?aptId=${encodeURIComponent(appointmentId)}`} replace />;
}
