import { NOTIFICATION_WINDOW_DAYS } from '@medbook/contracts';
import { type Kysely, sql } from 'kysely';
import { DateTime } from 'luxon';
import type { DB } from '../../../infra/database/database.types';

export interface NotificationCounts {
  /** The bell: New notifications of the last 7 days. */
  readonly notificationCount: number;
  /** The requests badge: the practice's Pending appointments. */
  readonly requestsCount: number;
}

/**
 * One count for the pushes (inside the projection's transaction) and for the read after a
 * reconnect. The bell's window starts within a UTC day: the days after it are read from the
 * per-day counts the projection keeps (rm_notification_new_days), that first day's part counted
 * in rm_notifications, so the cost does not grow with the practice's unread notifications.
 */
export async function countNotifications(
  db: Kysely<DB>,
  practiceId: string,
  now: Date,
): Promise<NotificationCounts> {
  const since = DateTime.fromJSDate(now).minus({ days: NOTIFICATION_WINDOW_DAYS }).toUTC();
  const firstDay = since.toISODate()!;
  const nextDay = since.startOf('day').plus({ days: 1 }).toJSDate();
  // The three counts in one statement.
  const { rows } = await sql<{ whole_days: string; first_day: string; requests: string }>`
    SELECT (SELECT coalesce(sum(new_count), 0) FROM rm_notification_new_days
             WHERE practice_id = ${practiceId} AND day > ${firstDay}::date) AS whole_days,
           (SELECT count(*) FROM rm_notifications
             WHERE practice_id = ${practiceId} AND notification_status = 'New'
               AND notification_date >= ${since.toJSDate()} AND notification_date < ${nextDay})
             AS first_day,
           (SELECT count(*) FROM rm_notification_appointments
             WHERE practice_id = ${practiceId} AND status = 'Pending') AS requests`.execute(db);
  const counts = rows[0]!;
  return {
    notificationCount: Number(counts.whole_days) + Number(counts.first_day),
    requestsCount: Number(counts.requests),
  };
}
