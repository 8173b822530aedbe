import type { VisitFeedbackView } from '@medbook/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import RateReview from '@mui/icons-material/RateReview';
import { Button, Typography } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { of } from 'rxjs';
import { useTranslation } from '../../../shared/i18n';
import { currentUser } from '../../../shared/session';
import { reviewPath } from '../review-paths';
import { myVisits$ } from '../streams/my-visits.stream';

/**
 * A past visit's survey link and review (the patient dashboard's card, composed by the route):
 * every card reads the one live list, so a survey sent at checkout shows without a reload.
 */
export function VisitFeedbackLinks({ appointmentId }: { appointmentId: string }) {
  const userId = currentUser()?.id;
  const visits = useObservableState(
    useMemo(() => (userId ? myVisits$(userId) : of<readonly VisitFeedbackView[]>([])), [userId]),
  );
  const visit: VisitFeedbackView | undefined = visits?.find(
    (v) => v.appointment_id === appointmentId,
  );
  const { t } = useTranslation();
  if (!visit?.completed) return null;
  return (
    <>
      {visit.survey_link && (
        <Button
          size="small"
          href={visit.survey_link}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew aria-hidden />}
          data-testid="visit-survey-link"
          aria-label={t('reviews.opensNewTab', { label: t('reviews.takeSurveyButton') })}
        >
          {t('reviews.takeSurveyButton')}
        </Button>
      )}
      {visit.review ? (
        <Typography variant="body2" color="text.secondary" data-testid="visit-rated">
          {t('reviews.youRated', { rating: visit.review.rating })}
        </Typography>
      ) : (
        <Button
          size="small"
          component={RouterLink}
          to={reviewPath(visit.appointment_id)}
          startIcon={<RateReview aria-hidden />}
          data-testid="visit-review-link"
        >
          {t('reviews.leaveReview')}
        </Button>
      )}
    </>
  );
}
