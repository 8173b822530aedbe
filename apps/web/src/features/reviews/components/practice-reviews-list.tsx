import type { PracticeReviewView } from '@medbook/contracts';
import { Box, Link, Paper, Rating, Stack, Typography } from '@mui/material';
import { DateTime } from 'luxon';

/** The practice's reviews (its survey responses), latest first; read-only. */
export function PracticeReviewsList({ reviews }: { reviews: readonly PracticeReviewView[] }) {
  if (reviews.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="reviews-empty">
        No reviews yet.
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
                  {review.rating} of 5
                </Typography>
              </Stack>
              <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }}>
                {review.patient_name ?? 'A patient'} · {review.provider_name ?? 'Provider'}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Visit of {DateTime.fromISO(review.start_date).toFormat('MMM d, y')}
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
                Survey link (opens in a new tab)
              </Link>
            )}
          </Paper>
        </Box>
      ))}
    </Stack>
  );
}
