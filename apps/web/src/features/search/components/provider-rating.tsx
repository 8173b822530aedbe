import type { ProviderCardView } from '@medbook/contracts';
import { Link, Rating, Stack } from '@mui/material';
import { useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../shared/i18n';
import { providerRating$ } from '../streams/provider-rating.stream';

/** The card's stars and count, kept current as patients review the provider. */
export function ProviderRating({ provider }: { provider: ProviderCardView }) {
  const { t } = useTranslation();
  const rating = useObservableState(
    useMemo(() => providerRating$(provider.id, provider.rating), [provider.id, provider.rating]),
    provider.rating,
  );
  if (!rating) return null;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
      data-testid="provider-rating"
    >
      <Rating value={rating.average} precision={0.1} size="small" readOnly aria-hidden />
      {/* The provider's reviews (the reviews feature's page). */}
      <Link
        component={RouterLink}
        to={`/providers/${provider.id}/reviews`}
        variant="body2"
        data-testid="provider-reviews-link"
      >
        {t('search.rating', { average: rating.average.toFixed(1), count: rating.count })}
      </Link>
    </Stack>
  );
}
