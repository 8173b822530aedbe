import type { AnalyticsPracticeView } from '@medbook/contracts';
import { Alert, CircularProgress } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { DASHBOARDS } from '@medbook/contracts';
import { analyticsApi } from '../api/analytics-api';
import { AnalyticsPage } from './analytics-page';

/** /practice-admin/analytics: the practice's admins, and operators for a practice they choose. */
export function AnalyticsRoute() {
  const location = useLocation();
  const user = currentUser();
  if (!user) {
    rememberRedirect(location.pathname);
    return <Navigate to="/login" replace />;
  }
  if (user.type === 'SuperUser' || user.type === 'SupportAgent') return <OperatorAnalytics />;
  if (user.type !== 'PracticeAdmin' || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  return <AnalyticsPage practiceId={user.practice_id} />;
}

/** An operator picks the practice (kept in the address, so a link names it). */
function OperatorAnalytics() {
  const [params, setParams] = useSearchParams();
  const [practices, setPractices] = useState<readonly AnalyticsPracticeView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    let gone = false;
    analyticsApi.practices().then(
      (list) => !gone && setPractices(list),
      (cause: unknown) => !gone && setError(errorMessageOf(cause)),
    );
    return () => {
      gone = true;
    };
  }, []);
  if (error) return <Alert severity="error">{translateText(error)}</Alert>;
  if (!practices) return <CircularProgress aria-label={t('analytics.loadingPractices')} />;
  if (practices.length === 0) {
    return <Alert severity="info">{t('analytics.noPractice')}</Alert>;
  }
  const chosen = params.get('practice') ?? practices[0]!.id;
  return (
    <AnalyticsPage
      key={chosen}
      practiceId={chosen}
      choice={{ practices, onChange: (id) => setParams({ practice: id }) }}
    />
  );
}
