import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { AppointmentTimelineButton } from '../../features/audit/components/appointment-timeline';
import { DigitalCheckInEntry } from '../../features/digital-check-in/components/digital-check-in-entry';
import { JoinVideoVisitButton } from '../../features/telehealth/components/join-video-visit-button';
import { ProviderWaitingList } from '../../features/telehealth/components/provider-waiting-list';
import { PatientDashboardPage } from '../../features/patient-dashboard/components/patient-dashboard-page';
import { WorkspaceDashboardPage } from '../../features/practice-workspace/components/workspace-dashboard-page';
import { isWorkspaceType } from '../../features/practice-workspace/workspace-rules';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel';
import { QueuePositionCard } from '../../features/walk-in-queue/components/queue-position-card';
import { SurveyInvitations } from '../../features/reviews/components/survey-invitations';
import { VisitFeedbackLinks } from '../../features/reviews/components/visit-feedback-links';
import { useTranslation } from '../../shared/i18n';
import { currentUser, rememberRedirect } from '../../shared/session';

/** The home of each user type; what it lists comes with the scheduling and practice issues. */
export function DashboardRoute() {
  const location = useLocation();
  const { t } = useTranslation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (user.type === 'Patient') {
    return (
      <PatientDashboardPage
        user={user}
        waitlist={(onBooked) => <WaitlistPanel user={user} onBooked={onBooked} />}
        placeInLine={(a) => (
          <QueuePositionCard appointmentId={a.appointment_id} status={a.status} />
        )}
        videoVisit={(a) => <JoinVideoVisitButton appointment={a} />}
        history={(a) => <AppointmentTimelineButton appointmentId={a.appointment_id} />}
        feedback={(a) => <VisitFeedbackLinks appointmentId={a.appointment_id} />}
        notices={<SurveyInvitations userId={user.id} />}
        digitalCheckIn={(a) => <DigitalCheckInEntry appointment={a} patientId={user.id} />}
      />
    );
  }
  if (isWorkspaceType(user.type) && user.practice_id) {
    return (
      <WorkspaceDashboardPage
        user={{ ...user, practice_id: user.practice_id }}
        type={user.type}
        aside={
          user.type === 'Provider' ? <ProviderWaitingList practiceId={user.practice_id} /> : null
        }
        rowExtra={
          user.type === 'PracticeAdmin'
            ? (a) => (
                <AppointmentTimelineButton
                  appointmentId={a.appointment_id}
                  label={t('workspace.historyOf', {
                    who: a.patient_name ?? t('workspace.thePatient'),
                  })}
                />
              )
            : undefined
        }
      />
    );
  }
  return (
    <Paper sx={{ p: 4 }} elevation={1}>
      <Stack spacing={2}>
        <Typography variant="h4" component="h1" data-testid="dashboard-greeting">
          {t('dashboard.welcome', { name: user.name.first_name })}
        </Typography>
        <Box>
          <Chip
            label={t(`health.operator.types.${user.type}`)}
            color="primary"
            data-testid="dashboard-type"
          />
        </Box>
        <Typography color="text.secondary">
          {t('health.operator.signedInAs', { email: user.email })}
        </Typography>
        {(user.type === 'SuperUser' || user.type === 'SupportAgent') && (
          <Box>
            <Button variant="outlined" component={RouterLink} to="/practice-admin/analytics">
              {t('health.operator.analytics')}
            </Button>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
