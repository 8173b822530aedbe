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

const patientOf = (n: NotificationView): string =>
  [n.patient_name.first_name, n.patient_name.last_name].filter(Boolean).join(' ') || 'A patient';

/** Who acted, as the practice knows them: the desk and admins by role and name. */
export function actorLabel(n: NotificationView): string {
  const actor = n.actor;
  // Notifications from before actors were kept: the patient is the subject, as they were.
  if (!actor) return patientOf(n);
  const name = actor.name ?? null;
  switch (actor.role) {
    case 'Patient':
      return name ?? patientOf(n);
    case 'Staff':
      return name ? `Front desk (${name})` : 'Front desk';
    case 'PracticeAdmin':
      return name ? `Practice admin (${name})` : 'Practice admin';
    case 'Provider':
      return name ?? 'The provider';
    case 'SuperUser':
    case 'SupportAgent':
      return name ? `Support (${name})` : 'Support';
    case 'System':
      return 'The system';
    case null:
    default:
      return name ?? 'Someone';
  }
}

/** A visit's time in its own zone, short enough for the panel's 85 px items: "Tue, Dec 3, 9:30 AM". */
export const visitWhen = (at: string, zone: string | null): string =>
  DateTime.fromISO(at, zone ? { zone } : {}).toFormat('ccc, LLL d, h:mm a');

/** The patient did it themselves (their own account), or no one else is known to have. */
const bySelf = (n: NotificationView): boolean => !n.actor || n.actor.user_id === n.patient_id;

/**
 * The event's own sentence: who did what, with whom, for when (the time the event set, not the
 * appointment's status now). "Ann Lee booked an appointment with Dr Kim for Tue, Dec 3,
 * 9:30 AM"; "Front desk (Sam Roe) canceled Ann Lee's appointment with Dr Kim on ...".
 */
export function sentence(n: NotificationView): string {
  const who = actorLabel(n);
  const withWhom = n.provider_name ?? n.resource_name;
  const withPart = withWhom ? ` with ${withWhom}` : '';
  const when = visitWhen(n.appointment_start_date, n.time_zone);
  const self = bySelf(n);
  const theirs = self ? 'their appointment' : `${patientOf(n)}'s appointment`;
  switch (n.notification_type) {
    case 'Booked':
    case 'Requested': {
      const verb = n.notification_type === 'Booked' ? 'booked' : 'requested';
      const forWhom = self ? '' : ` for ${patientOf(n)}`;
      return `${who} ${verb} an appointment${forWhom}${withPart} for ${when}`;
    }
    case 'Canceled':
      return `${who} canceled ${theirs}${withPart} on ${when}`;
    case 'Rescheduled':
      return n.from_start_date
        ? `${who} moved ${theirs}${withPart} from ${visitWhen(n.from_start_date, n.time_zone)} to ${when}`
        : `${who} moved ${theirs}${withPart} to ${when}`;
  }
}

/** Where a click on a notification goes: the schedule's day of the visit, its detail open. */
export function appointmentLink(n: NotificationView): string {
  const day = DateTime.fromISO(
    n.appointment_start_date,
    n.time_zone ? { zone: n.time_zone } : {},
  ).toISODate();
  const query = new URLSearchParams({ date: day ?? '', appointment: n.appointment_id });
  return `/practice/schedule?${query.toString()}`;
}
