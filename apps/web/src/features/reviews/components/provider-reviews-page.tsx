import type { ProviderReviewsView } from '@medbook/contracts';
import OpenInNew from '@mui/icons-material/OpenInNew';
import {
  Alert,
  Avatar,
  Box,
  CircularProgress,
  Link,
  Paper,
  Rating,
  Stack,
  Typography,
} from '@mui/material';
import { DateTime } from 'luxon';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { settled } from '../../../live/settled';
import { errorMessageOf } from '../../../shared/error-message';
import { translateText, useTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../shared/i18n/dates';
import { providerReviews$ } from '../streams/provider-reviews.stream';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

/**
 * A provider's profile as patients rate it (/providers/:providerId/reviews, public): the spec's
 * provider_reviews — the average rating, how many reviews, the review site's page — and the
 * latest comments, no patient named; a new review shows without a reload.
 */
export function ProviderReviewsPage() {
  const { providerId = '' } = useParams();
  const read = useObservableState(
    useMemo(() => settled(providerReviews$(providerId)), [providerId]),
  );
  const view: ProviderReviewsView | null = read?.value ?? null;
  const { t } = useTranslation();

  if (read?.error !== undefined) {
    return (
      <Alert severity="error" sx={{ maxWidth: 720, mx: 'auto' }}>
        {translateText(errorMessageOf(read.error))}
      </Alert>
    );
  }
  if (!view) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('reviews.loadingReviews')} />
      </Box>
    );
  }
  const count = view.user_ratings_total;
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 24 }}>
            {initials(view.provider_name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
            >
              {view.provider_name}
            </Typography>
            {view.specialty && (
              <Typography color="primary" sx={{ fontWeight: 600 }}>
                {view.specialty}
              </Typography>
            )}
            {view.practice_name && (
              <Typography color="text.secondary">{view.practice_name}</Typography>
            )}
          </Box>
        </Stack>
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 3, alignItems: 'center' }}
          data-testid="profile-rating"
        >
          <Rating value={view.rating ?? 0} precision={0.1} readOnly aria-hidden />
          <Typography sx={{ fontWeight: 600 }} aria-live="polite">
            {view.rating === null
              ? t('reviews.noReviewsYet')
              : t('reviews.ratingSummary', { rating: view.rating.toFixed(1), count })}
          </Typography>
        </Stack>
        {view.url && (
          <Link
            href={view.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('reviews.opensNewTab', { label: t('reviews.onReviewSite') })}
            data-testid="profile-review-site"
            data-place-id={view.place_id ?? undefined}
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 1.5 }}
          >
            {t('reviews.onReviewSite')}
            <OpenInNew fontSize="small" aria-hidden />
          </Link>
        )}
      </Paper>
      {view.reviews.length > 0 && (
        <Box component="section" aria-labelledby="latest-reviews" sx={{ mt: 3 }}>
          <Typography
            id="latest-reviews"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 600, mb: 2 }}
          >
            {t('reviews.latestReviews')}
          </Typography>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {view.reviews.map((review, index) => (
              <Box component="li" key={`${review.reviewed_at}-${index}`}>
                <Paper
                  variant="outlined"
                  sx={{ p: 2, borderRadius: 2 }}
                  data-testid="profile-review"
                >
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Rating value={review.rating} readOnly size="small" aria-hidden />
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t('reviews.ofFive', { rating: review.rating })}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      ·{' '}
                      {formatDate(DateTime.fromISO(review.reviewed_at), 'MMM d, y', {
                        month: 'short',
                        day: 'numeric',
                        year: 'numeric',
                      })}
                    </Typography>
                  </Stack>
                  {review.comment && (
                    <Typography sx={{ mt: 1, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {review.comment}
                    </Typography>
                  )}
                </Paper>
              </Box>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
