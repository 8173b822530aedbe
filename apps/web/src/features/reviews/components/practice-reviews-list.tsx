import type { PracticeReviewView } from '@medbook/contracts';
import { Box, Link, Paper, Rating, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';

/** The practice's reviews (its survey responses), latest first; read-only. */
export function PracticeReviewsList({ reviews }: { reviews: readonly PracticeReviewView[] }) {
  const { t } = useTranslation();
  if (reviews.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="reviews-empty">
        {t('reviews.noReviews')}
      </Typography>
    );
  }
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {reviews.map((review) => (
        <Box component="li" key={review.appointment_id}>
          <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="practice-review">
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 0.5, sm: 2 }}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Rating value={review.rating} readOnly size="small" aria-hidden />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('reviews.ofFive', { rating: review.rating })}
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                {review.patient_name ?? t('reviews.aPatient')} ·{' '}
                {review.provider_name ?? t('reviews.provider')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('reviews.visitOf', {
                  date: formatDate(DateTime.fromISO(review.start_date), 'MMM d, y', {
                    month: 'short',
                    day: 'numeric',
                    year: 'numeric',
                  }),
                })}
              </Typography>
            </Stack>
            {review.comment && (
              <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {review.comment}
              </Typography>
            )}
            {review.survey_link && (
              <Link
                href={review.survey_link}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ display: 'inline-block', mt: 1 }}
              >
                {t('reviews.surveyLinkNewTab')}
              </Link>
            )}
          </Paper>
        </Box>
      ))}
    </Stack>
  );
}
