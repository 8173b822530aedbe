import { MarkNotificationsSeenHandler } from './mark-notifications-seen';

export const NOTIFICATIONS_COMMAND_HANDLERS = [MarkNotificationsSeenHandler];
