import type { ProviderReviewsView } from '@medbook/contracts';
import { filter, type Observable } from 'rxjs';
import { liveQuery$, READ_AGAIN } from '../../../live/live-query';
import { connected$, roomEvent$ } from '../../../live/live-socket';
import { reviewsApi } from '../api/reviews-api';

/**
 * A provider's reviews, live: read at first, after every reconnect, and on each new rating pushed
 * to the provider's public room (read again at its position: the latest reviews change too).
 */
export function providerReviews$(providerId: string): Observable<ProviderReviewsView> {
  return liveQuery$({
    read: (minPosition) => reviewsApi.providerReviews(providerId, minPosition),
    pushes: roomEvent$(`provider:${providerId}`, 'provider.rating').pipe(
      filter((m) => m.provider_id === providerId),
    ),
    apply: () => READ_AGAIN,
    refetch$: connected$,
  });
}
