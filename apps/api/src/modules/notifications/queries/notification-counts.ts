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
  const bell = await db
    .selectFrom('rm_notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('practice_id', '=', practiceId)
    .where('notification_status', '=', 'New')
    .where('notification_date', '>=', since)
    .executeTakeFirstOrThrow();
  const requests = await db
    .selectFrom('rm_notification_appointments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'Pending')
    .executeTakeFirstOrThrow();
  return { notificationCount: Number(bell.count), requestsCount: Number(requests.count) };
}
