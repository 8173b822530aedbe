/**
 * One stream per practice: a notification has one status for the whole practice (the bell of
 * every provider, admin and staff member shows the same list and the same count).
 */
export const notificationsStreamId = (practiceId: string): string => `notifications-${practiceId}`;

export type NotificationEvent = {
  type: 'NotificationsSeen';
  data: {
    practice_id: string;
    notification_ids: string[];
    seen_by: string;
    seen_at: string;
  };
};

export interface NotificationsState {
  readonly seen: ReadonlySet<string>;
}

export const initialNotificationsState = (): NotificationsState => ({ seen: new Set() });

export function evolveNotifications(
  state: NotificationsState,
  event: NotificationEvent,
): NotificationsState {
  switch (event.type) {
    case 'NotificationsSeen':
      return { seen: new Set([...state.seen, ...event.data.notification_ids]) };
    default: {
      const unknown: never = event.type;
      return unknown;
    }
  }
}
