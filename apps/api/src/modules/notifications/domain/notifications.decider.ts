import type { Decider } from '../../../domain/decider';
import {
  evolveNotifications,
  initialNotificationsState,
  type NotificationEvent,
  type NotificationsState,
} from './notification.events';

export type NotificationCommand = {
  type: 'MarkNotificationsSeen';
  practiceId: string;
  notificationIds: readonly string[];
  by: string;
  now: Date;
};

/** Seeing is recorded once per notification: ids already seen (or repeated) change nothing. */
function decide(command: NotificationCommand, state: NotificationsState): NotificationEvent[] {
  switch (command.type) {
    case 'MarkNotificationsSeen': {
      const fresh = [...new Set(command.notificationIds)].filter((id) => !state.seen.has(id));
      if (fresh.length === 0) return [];
      return [
        {
          type: 'NotificationsSeen',
          data: {
            practice_id: command.practiceId,
            notification_ids: fresh,
            seen_by: command.by,
            seen_at: command.now.toISOString(),
          },
        },
      ];
    }
    default: {
      const unknown: never = command.type;
      return unknown;
    }
  }
}

export const notificationsDecider: Decider<
  NotificationCommand,
  NotificationEvent,
  NotificationsState
> = {
  initialState: initialNotificationsState,
  decide,
  evolve: evolveNotifications,
};
