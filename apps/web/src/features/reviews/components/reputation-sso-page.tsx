import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ApiError } from '../../../shared/api-client';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { reviewsApi } from '../api/reviews-api';

/**
 * /reputation-management/single-sign-on: asks the API for a short-lived signed token and sends
 * the browser to the reputation service with it; says so when the practice has not set it up.
 */
export function ReputationSsoPage() {
  const location = useLocation();
  const user = currentUser();
  const { t } = useTranslation();
  const [problem, setProblem] = useState<{ notSetUp: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!user) return;
    reviewsApi.singleSignOn().then(
      ({ redirect_url: url }) => window.location.assign(url),
      (caught: unknown) =>
        setProblem({
          notSetUp: caught instanceof ApiError && caught.status === 404,
          message: errorMessageOf(caught),
        }),
    );
  }, [user]);

  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {t('reviews.reputationTitle')}
        </Typography>
        {!problem && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('reviews.signingIn')}</Typography>
          </Box>
        )}
        {problem && (
          <Alert severity={problem.notSetUp ? 'info' : 'error'} data-testid="reputation-problem">
            {problem.notSetUp ? t('reviews.reputationNotSetUp') : translateText(problem.message)}
          </Alert>
        )}
      </Paper>
    </Box>
  );
}
