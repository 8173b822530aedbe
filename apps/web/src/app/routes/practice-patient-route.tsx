import { DASHBOARDS } from '@medbook/contracts';
import { Navigate, useLocation, useParams } from 'react-router';
import { AppointmentTimelineButton } from '../../features/audit/components/appointment-timeline';
import { PatientPage } from '../../features/practice-workspace/components/patient-page';
import { isWorkspaceType } from '../../features/practice-workspace/workspace-rules';
import { AppointmentDrawer } from '../../features/schedule/components/appointment-drawer';
import { useTranslation } from '../../shared/i18n';
import { currentUser, rememberRedirect } from '../../shared/session';

/**
 * /practice/patients/:patientId: one patient for the practice's providers, staff and admins, a
 * visit's detail in the schedule's drawer (with its timeline for the admins, who read the trail).
 */
export function PracticePatientRoute() {
  const location = useLocation();
  const { patientId = '' } = useParams();
  const { t } = useTranslation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  if (!isWorkspaceType(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  const practiceId = user.practice_id;
  const admin = user.type === 'PracticeAdmin';
  return (
    <PatientPage
      key={patientId}
      user={{ ...user, practice_id: practiceId }}
      patientId={patientId}
      visitDetail={(detail) => (
        <AppointmentDrawer
          practiceId={practiceId}
          appointmentId={detail.appointmentId}
          summary={detail.summary}
          calendar={undefined}
          onClose={detail.onClose}
          onChanged={detail.onChanged}
          patientLink={false}
          history={
            admin
              ? (appointmentId) => (
                  <AppointmentTimelineButton
                    appointmentId={appointmentId}
                    label={t('schedule.drawer.history')}
                  />
                )
              : undefined
          }
        />
      )}
    />
  );
}
