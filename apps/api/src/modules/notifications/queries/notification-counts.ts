import { NOTIFICATION_WINDOW_DAYS } from '@medbook/contracts';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { DB } from '../../../infra/database/database.types';

export interface NotificationCounts {
  /** The bell: New notifications of the last 7 days. */
  readonly notificationCount: number;
  /** The requests badge: the practice's Pending appointments. */
  readonly requestsCount: number;
}

/** One count for the pushes (inside the projection's transaction) and for the read after a reconnect. */
export async function countNotifications(
  db: Kysely<DB>,
  practiceId: string,
  now: Date,
): Promise<NotificationCounts> {
  const since = DateTime.fromJSDate(now).minus({ days: NOTIFICATION_WINDOW_DAYS }).toJSDate();
  // Both counts in one statement.
  const counts = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('rm_notifications')
        .select((e) => e.fn.countAll<string>().as('count'))
        .where('practice_id', '=', practiceId)
        .where('notification_status', '=', 'New')
        .where('notification_date', '>=', since)
        .as('bell'),
      eb
        .selectFrom('rm_notification_appointments')
        .select((e) => e.fn.countAll<string>().as('count'))
        .where('practice_id', '=', practiceId)
        .where('status', '=', 'Pending')
        .as('requests'),
    ])
    .executeTakeFirstOrThrow();
  return { notificationCount: Number(counts.bell), requestsCount: Number(counts.requests) };
}
