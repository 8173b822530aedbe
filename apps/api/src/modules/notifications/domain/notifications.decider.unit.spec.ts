import { DeciderSpecification } from '../../../domain/decider-specification';
import type { NotificationEvent } from './notification.events';
import { type NotificationCommand, notificationsDecider } from './notifications.decider';

const PRACTICE = '00000000-0000-4000-8000-000000000001';
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const NOW = new Date('2026-11-23T10:00:00Z');

const given = DeciderSpecification.for(notificationsDecider);
const seen = (ids: string[]): NotificationCommand => ({
  type: 'MarkNotificationsSeen',
  practiceId: PRACTICE,
  notificationIds: ids,
  by: 'staff-1',
  now: NOW,
});
const wasSeen = (ids: string[]): NotificationEvent => ({
  type: 'NotificationsSeen',
  data: {
    practice_id: PRACTICE,
    notification_ids: ids,
    seen_by: 'staff-1',
    seen_at: NOW.toISOString(),
  },
});

describe('marking notifications seen', () => {
  it('records the new ones once, without repeats', () => {
    given([])
      .when(seen([A, B, A]))
      .then([wasSeen([A, B])]);
  });

  it('leaves out the ones the practice has already seen', () => {
    given([wasSeen([A])])
      .when(seen([A, B]))
      .then([wasSeen([B])]);
  });

  it('changes nothing when all were seen already', () => {
    given([wasSeen([A, B])])
      .when(seen([A]))
      .thenNothing();
  });
});
