import { Alert } from '@mui/material';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { KioskPage } from './kiosk-page';

const PRACTICE_USERS = new Set(['Provider', 'Staff', 'PracticeAdmin']);

/** The kiosk runs in a signed-in session of one of the practice's own users. */
export function KioskRoute() {
  const location = useLocation();
  const user = currentUser();
  const { t } = useTranslation();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (!PRACTICE_USERS.has(user.type) || !user.practice_id) {
    return (
      <Alert severity="info" sx={{ maxWidth: 640, mx: 'auto' }}>
        {t('kiosk.staffOnly')}
      </Alert>
    );
  }
  return <KioskPage practiceId={user.practice_id} />;
}
