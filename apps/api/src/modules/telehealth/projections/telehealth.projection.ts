import { averageRating } from '@medbook/contracts';
import type { RecordedEvent } from '@medbook/event-store';
import { sql } from 'kysely';
import type { Projection, ProjectionContext } from '../../../infra/projections/projection';
import { MEETING_EVENT_TYPES, type MeetingEvent } from '../domain/meeting.events';
import type { VisitReviewEvent } from '../domain/visit-review';

const MEETING_EVENTS = new Set<string>(MEETING_EVENT_TYPES);

/**
 * Video visits' read side: each meeting event is pushed to `meeting:<appointmentId>` (clients
 * read the meeting again: it is folded from its own stream, so never behind), and patients'
 * reviews sum up per provider in rm_provider_ratings for the search card's average, and each new
 * average goes to the provider's public room `provider:<id>` (search cards and profile, live).
 */
export const telehealthProjection: Projection = {
  name: 'telehealth',
  tables: ['rm_provider_ratings'],
  async apply(recorded: RecordedEvent, context: ProjectionContext): Promise<void> {
    if (MEETING_EVENTS.has(recorded.type)) {
      const event = { type: recorded.type, data: recorded.data } as MeetingEvent;
      const appointmentId = event.data.appointment_id;
      context.publish(`meeting:${appointmentId}`, 'meeting.changed', {
        appointment_id: appointmentId,
        kind: event.type,
        participant_id:
          event.type === 'MeetingParticipantRemoved' ? event.data.participant_id : null,
        position: recorded.globalPosition,
      });
      return;
    }
    if (recorded.type !== 'VisitReviewed') return;
    const { data } = recorded as unknown as VisitReviewEvent;
    if (!data.provider_id) return;
    const rated = await context.trx
      .insertInto('rm_provider_ratings')
      .values({
        provider_id: data.provider_id,
        review_count: 1,
        rating_sum: data.rating,
        position: recorded.globalPosition,
      })
      .onConflict((oc) =>
        oc.column('provider_id').doUpdateSet({
          review_count: sql`rm_provider_ratings.review_count + 1`,
          rating_sum: sql`rm_provider_ratings.rating_sum + excluded.rating_sum`,
          position: sql`excluded.position`,
        }),
      )
      .returning(['review_count', 'rating_sum'])
      .executeTakeFirstOrThrow();
    context.publish(`provider:${data.provider_id}`, 'provider.rating', {
      provider_id: data.provider_id,
      rating: averageRating(rated.rating_sum, rated.review_count),
      user_ratings_total: rated.review_count,
      position: recorded.globalPosition,
    });
  },
};
