import { Alert, Box } from '@mui/material';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/account/components/login-page';
import { SignUpPage } from '../../features/account/components/signup-page';
import { reviewAppointmentOf, reviewPath } from '../../features/reviews/review-paths';
import { useTranslation } from '../../shared/i18n';
import { currentUser, rememberRedirect } from '../../shared/session';

/**
 * The spec's patient-review login variant (/patient-review?appointmentId=...): a signed-in patient
 * goes straight to the visit's review; anyone else logs in (or signs up) and comes back to it.
 */
export function PatientReviewLogin() {
  const [params] = useSearchParams();
  // /patient-review?appointmentId=..., or the flow's own patient-review/appointments/{id}/login.
  const fromPath = useParams().appointmentId;
  const appointmentId = fromPath
    ? reviewAppointmentOf(new URLSearchParams({ appointmentId: fromPath }))
    : reviewAppointmentOf(params);
  const user = currentUser();
  const { t } = useTranslation();
  if (!appointmentId) {
    return (
      <Alert severity="error" sx={{ maxWidth: 560, mx: 'auto' }}>
        {t('reviews.incompleteLink')}
      </Alert>
    );
  }
  if (user?.type === 'Patient') return <Navigate to={reviewPath(appointmentId)} replace />;
  rememberRedirect(reviewPath(appointmentId));
  return (
    <Box>
      <Alert
        severity="info"
        sx={{ maxWidth: 420, mx: 'auto', mb: 2 }}
        data-testid="review-login-intro"
      >
        {t('reviews.loginIntro')}
      </Alert>
      <LoginPage />
    </Box>
  );
}

/** patient-review/appointments/{id}/signup: sign up, then the visit's review. */
export function PatientReviewSignUp() {
  const { appointmentId = '' } = useParams();
  if (currentUser()) return <Navigate to={reviewPath(appointmentId)} replace />;
  rememberRedirect(reviewPath(appointmentId));
  return <SignUpPage />;
}
