import type {
  ProviderCardView,
  ProviderRatingMessage,
  ProviderReviewsView,
} from '@medbook/contracts';
import { defer, filter, type Observable, of } from 'rxjs';
import { liveQuery$ } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { api } from '../../../shared/api-client';

export type CardRating = ProviderCardView['rating'];

const ratingOf = (view: ProviderReviewsView): CardRating =>
  view.rating === null ? null : { average: view.rating, count: view.user_ratings_total };

/**
 * A search card's rating, live: the one the search answered, then each new average pushed to the
 * provider's public room after a review; after a reconnect (delivery is at most once) it is read
 * again from the provider's reviews.
 */
export function providerRating$(providerId: string, searched: CardRating): Observable<CardRating> {
  return defer(() => {
    let reads = 0;
    return liveQuery$<CardRating, ProviderRatingMessage>({
      read: (minPosition) =>
        reads++ === 0
          ? of(searched)
          : api<ProviderReviewsView>(
              'GET',
              `/providers/${encodeURIComponent(providerId)}/reviews${minPosition ? `?min_position=${minPosition}` : ''}`,
            ).then(ratingOf),
      pushes: roomEvent$(`provider:${providerId}`, 'provider.rating').pipe(
        filter((m) => m.provider_id === providerId),
      ),
      apply: (_held, m) => ({ average: m.rating, count: m.user_ratings_total }),
      refetch$: connected$,
    });
  });
}
