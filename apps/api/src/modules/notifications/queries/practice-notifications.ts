import {
  NOTIFICATION_WINDOW_DAYS,
  type NotificationCountsMessage,
  type NotificationView,
  type PracticeNotifications,
  type PracticeNotificationsQuery,
  STATUS_MESSAGES,
} from '@medbook/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { DomainError, NotFoundError } from '../../../domain/domain-error';
import { CLOCK, type Clock } from '../../../infra/clock';
import { AccessPolicy } from '../../identity/auth/access-policy';
import type { Principal } from '../../identity/auth/principal';
import { NotificationsRepository } from './notifications.repository';

/** What the practice's users read of their notifications: the panel, the counts, one notice. */
@Injectable()
export class PracticeNotificationsQueries {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly policy: AccessPolicy,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** By default the last 7 days up to the start of tomorrow, in the practice's zone. */
  async list(
    caller: Principal,
    practiceId: string,
    query: PracticeNotificationsQuery,
  ): Promise<PracticeNotifications> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const zone = await this.notifications.practiceZone(practiceId);
    const end = query.end
      ? DateTime.fromISO(query.end, { zone })
      : DateTime.fromJSDate(this.clock.now(), { zone }).plus({ days: 1 }).startOf('day');
    const start = query.start
      ? DateTime.fromISO(query.start, { zone })
      : end.minus({ days: NOTIFICATION_WINDOW_DAYS });
    if (start >= end) throw new DomainError('invalid', STATUS_MESSAGES[400], { start: 'Invalid' });
    const all = await this.notifications.list(practiceId, start.toJSDate(), end.toJSDate());
    const of = (status: string, requests: boolean) =>
      all.filter(
        (n) =>
          n.notification_status === status && (n.appointment_status === 'Pending') === requests,
      );
    return {
      new_notifications: of('New', false),
      seen_notifications: of('Seen', false),
      new_requests_notifications: of('New', true),
      seen_requests_notifications: of('Seen', true),
    };
  }

  counts(caller: Principal, practiceId: string): Promise<NotificationCountsMessage> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    return this.notifications.counts(practiceId, this.clock.now());
  }

  async one(
    caller: Principal,
    practiceId: string,
    notificationId: string,
  ): Promise<NotificationView> {
    this.policy.assertMayWorkForPractice(caller, practiceId);
    const notification = await this.notifications.one(practiceId, notificationId);
    if (!notification) throw new NotFoundError(STATUS_MESSAGES[404]);
    return notification;
  }
}
