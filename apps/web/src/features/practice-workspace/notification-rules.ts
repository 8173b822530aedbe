import type { NotificationView, PracticeNotifications } from '@medbook/contracts';
import { DateTime } from 'luxon';

/** Section 2.12: 'Nd ago', 'Nh ago', 'Nm ago', else 'Just now' (the largest whole unit). */
export function relativeAge(at: string, now: DateTime): string {
  const minutes = Math.floor(now.diff(DateTime.fromISO(at), 'minutes').minutes);
  if (minutes >= 24 * 60) return `${Math.floor(minutes / (24 * 60))}d ago`;
  if (minutes >= 60) return `${Math.floor(minutes / 60)}h ago`;
  if (minutes >= 1) return `${minutes}m ago`;
  return 'Just now';
}

/** Section 2.12: dates display as 'MMMM d, h:mm a' (in the viewer's zone unless one is given). */
export const panelDate = (at: string, zone?: string): string =>
  DateTime.fromISO(at, zone ? { zone } : {}).toFormat('MMMM d, h:mm a');

/** Section 2.12: green ('online') when the appointment is Scheduled, otherwise red ('offline'). */
export const dotOf = (n: Pick<NotificationView, 'appointment_status'>): 'online' | 'offline' =>
  n.appointment_status === 'Scheduled' ? 'online' : 'offline';

/** Every notification of the window, newest first, requests included. */
export function panelItems(all: PracticeNotifications): NotificationView[] {
  return [
    ...all.new_notifications,
    ...all.new_requests_notifications,
    ...all.seen_notifications,
    ...all.seen_requests_notifications,
  ].sort((a, b) => b.notification_date.localeCompare(a.notification_date));
}

/** Section 4.7: viewing the panel sends every New one as Seen. */
export const unseenIds = (items: readonly NotificationView[]): string[] =>
  items.filter((n) => n.notification_status === 'New').map((n) => n.id);

/** Section 4.7: on the requests page, the New pending-request notifications become Seen. */
export const unseenRequestIds = (all: PracticeNotifications): string[] =>
  all.new_requests_notifications.map((n) => n.id);

/** On success the local list marks them Seen. */
export const markedSeen = (
  items: readonly NotificationView[],
  ids: readonly string[],
): NotificationView[] =>
  items.map((n) => (ids.includes(n.id) ? { ...n, notification_status: 'Seen' as const } : n));

/** A pushed notification goes on top as New; one already listed is not listed twice. */
export const withAdded = (
  items: readonly NotificationView[],
  added: NotificationView,
): NotificationView[] => [
  { ...added, notification_status: 'New' },
  ...items.filter((n) => n.id !== added.id),
];

const WHAT: Record<NotificationView['notification_type'], string> = {
  Booked: 'booked an appointment',
  Requested: 'requested an appointment',
  Canceled: 'canceled an appointment',
  Rescheduled: 'rescheduled an appointment',
};

/** "Rosa Diaz booked an appointment with Dr. Chen". */
export function headline(n: NotificationView): string {
  const patient =
    [n.patient_name.first_name, n.patient_name.last_name].filter(Boolean).join(' ') || 'A patient';
  const withWhom = n.provider_name ?? n.resource_name;
  return `${patient} ${WHAT[n.notification_type]}${withWhom ? ` with ${withWhom}` : ''}`;
}
