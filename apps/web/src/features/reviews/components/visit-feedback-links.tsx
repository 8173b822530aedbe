import type { VisitFeedbackView } from '@medbook/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import RateReview from '@mui/icons-material/RateReview';
import { Button, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { reviewsApi } from '../api/reviews-api';
import { reviewPath } from '../review-paths';

/** One request for every card of the dashboard; asked again after a short while. */
let cached: { at: number; visits: Promise<VisitFeedbackView[]> } | null = null;
const FRESH_MS = 10_000;
function myVisits(): Promise<VisitFeedbackView[]> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    cached = { at: Date.now(), visits: reviewsApi.myVisits().catch(() => []) };
  }
  return cached.visits;
}

/** A past visit's survey link and review (the patient dashboard's card, composed by the route). */
export function VisitFeedbackLinks({ appointmentId }: { appointmentId: string }) {
  const [visit, setVisit] = useState<VisitFeedbackView | null>(null);
  const { t } = useTranslation();
  useEffect(() => {
    let live = true;
    void myVisits().then((visits) => {
      if (live) setVisit(visits.find((v) => v.appointment_id === appointmentId) ?? null);
    });
    return () => {
      live = false;
    };
  }, [appointmentId]);
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
