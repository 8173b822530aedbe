import type { PracticeReviewView, SurveySettingsView, UserView } from '@medbook/contracts';
import { Alert, Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { reviewsApi } from '../api/reviews-api';
import { PracticeReviewsList } from './practice-reviews-list';
import { SurveySettingsForm } from './survey-settings-form';

/** Each practice user's surveys page (spec's header routes). */
export const surveysPathOf = (user: Pick<UserView, 'type' | 'id'>): string | null =>
  user.type === 'PracticeAdmin'
    ? '/practice-admin/surveys'
    : user.type === 'Provider'
      ? `/providers/${user.id}/surveys`
      : user.type === 'Staff'
        ? '/staff-member/surveys'
        : null;

/**
 * /practice-admin/surveys (every provider's settings, editable, and the practice's reviews),
 * /providers/:id/surveys (the provider's own) and /staff-member/surveys (the reviews, read-only).
 */
export function SurveysRoute() {
  const location = useLocation();
  const { providerId } = useParams();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  const own = surveysPathOf(user);
  if (!own || !user.practice_id) return <Navigate to="/" replace />;
  if (
    own !== location.pathname &&
    !(providerId && user.type === 'Provider' && providerId === user.id)
  )
    return <Navigate to={own} replace />;
  return <SurveysPage user={user} practiceId={user.practice_id} />;
}

function SurveysPage({ user, practiceId }: { user: UserView; practiceId: string }) {
  const [settings, setSettings] = useState<SurveySettingsView[] | null>(null);
  const [reviews, setReviews] = useState<PracticeReviewView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const staff = user.type === 'Staff';
  const { t } = useTranslation();

  const load = useCallback(
    (position?: number) => {
      Promise.all([
        staff ? Promise.resolve([]) : reviewsApi.practiceSettings(practiceId, position),
        reviewsApi.practiceReviews(practiceId, position),
      ]).then(
        ([foundSettings, foundReviews]) => {
          setSettings(foundSettings);
          setReviews(foundReviews);
        },
        (caught: unknown) => setError(errorMessageOf(caught)),
      );
    },
    [practiceId, staff],
  );
  useEffect(() => load(), [load]);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('reviews.surveysTitle')}
      </Typography>
      {error && <Alert severity="error">{translateText(error)}</Alert>}
      {!error && (!settings || !reviews) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('reviews.loadingSurveys')} />
        </Box>
      )}
      {settings && reviews && (
        <Stack spacing={4}>
          {!staff && (
            <Box component="section" aria-labelledby="survey-settings-title">
              <Typography
                id="survey-settings-title"
                variant="h5"
                component="h2"
                sx={{ fontWeight: 600, mb: 2 }}
              >
                {t('reviews.settingsTitle')}
              </Typography>
              {settings.length === 0 && (
                <Typography color="text.secondary">{t('reviews.noProviders')}</Typography>
              )}
              <Stack spacing={2}>
                {settings.map((s) => (
                  <SurveySettingsForm
                    key={`${s.provider_id}-${JSON.stringify(s)}`}
                    settings={s}
                    editable={user.type === 'PracticeAdmin' || s.provider_id === user.id}
                    onSaved={load}
                  />
                ))}
              </Stack>
            </Box>
          )}
          <Box component="section" aria-labelledby="survey-responses-title">
            <Typography
              id="survey-responses-title"
              variant="h5"
              component="h2"
              sx={{ fontWeight: 600, mb: 2 }}
            >
              {t('reviews.responsesTitle')}
            </Typography>
            <PracticeReviewsList reviews={reviews} />
          </Box>
        </Stack>
      )}
    </Box>
  );
}
