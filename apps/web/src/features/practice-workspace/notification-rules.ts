import type { NotificationView, PracticeNotifications } from '@medbook/contracts';
import type { TFunction } from 'i18next';
import { DateTime } from 'luxon';
import { i18n } from '../../shared/i18n';
import { DATE_FORMATS, formatDate } from '../../shared/i18n/dates';

/*
 * The bell's texts are in the chosen language: each function takes the component's `t` (the
 * chosen language's by default) and words its dates with formatDate, so English keeps the
 * spec's patterns verbatim.
 */

/** Section 2.12: 'Nd ago', 'Nh ago', 'Nm ago', else 'Just now' (the largest whole unit). */
export function relativeAge(at: string, now: DateTime, t: TFunction = i18n.t): string {
  const minutes = Math.floor(now.diff(DateTime.fromISO(at), 'minutes').minutes);
  if (minutes >= 24 * 60)
    return t('workspace.ago.days', { count: Math.floor(minutes / (24 * 60)) });
  if (minutes >= 60) return t('workspace.ago.hours', { count: Math.floor(minutes / 60) });
  if (minutes >= 1) return t('workspace.ago.minutes', { count: minutes });
  return t('workspace.ago.justNow');
}

/** Section 2.12: dates display as 'MMMM d, h:mm a' (in the viewer's zone unless one is given). */
export const panelDate = (at: string, zone?: string): string =>
  formatDate(
    DateTime.fromISO(at, zone ? { zone } : {}),
    'MMMM d, h:mm a',
    DATE_FORMATS.monthDayTime,
  );

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

const patientOf = (n: NotificationView, t: TFunction): string =>
  [n.patient_name.first_name, n.patient_name.last_name].filter(Boolean).join(' ') ||
  t('workspace.actors.aPatient');

/** Who acted, as the practice knows them: the desk and admins by role and name. */
export function actorLabel(n: NotificationView, t: TFunction = i18n.t): string {
  const actor = n.actor;
  // Notifications from before actors were kept: the patient is the subject, as they were.
  if (!actor) return patientOf(n, t);
  const name = actor.name ?? null;
  switch (actor.role) {
    case 'Patient':
      return name ?? patientOf(n, t);
    case 'Staff':
      return name ? t('workspace.actors.staffNamed', { name }) : t('workspace.actors.staff');
    case 'PracticeAdmin':
      return name ? t('workspace.actors.adminNamed', { name }) : t('workspace.actors.admin');
    case 'Provider':
      return name ?? t('workspace.actors.provider');
    case 'SuperUser':
    case 'SupportAgent':
      return name ? t('workspace.actors.supportNamed', { name }) : t('workspace.actors.support');
    case 'System':
      return t('workspace.actors.system');
    case null:
    default:
      return name ?? t('workspace.actors.someone');
  }
}

/** A visit's time in its own zone, short enough for the panel's 85 px items: "Tue, Dec 3, 9:30 AM". */
export const visitWhen = (at: string, zone: string | null): string =>
  formatDate(DateTime.fromISO(at, zone ? { zone } : {}), 'ccc, LLL d, h:mm a', {
    ...DATE_FORMATS.shortWeekdayMonthDay,
    ...DATE_FORMATS.time,
  });

/** The patient did it themselves (their own account), or no one else is known to have. */
const bySelf = (n: NotificationView): boolean => !n.actor || n.actor.user_id === n.patient_id;

/**
 * The event's own sentence: who did what, with whom, for when (the time the event set, not the
 * appointment's status now). "Ann Lee booked an appointment with Dr Kim for Tue, Dec 3,
 * 9:30 AM"; "Front desk (Sam Roe) canceled Ann Lee's appointment with Dr Kim on ...".
 */
export function sentence(n: NotificationView, t: TFunction = i18n.t): string {
  const whom = n.provider_name ?? n.resource_name;
  // Every sentence's words; a shape without someone to be with, or a move without its old
  // time, leaves that word out.
  const words = {
    who: actorLabel(n, t),
    whom: whom ?? '',
    patient: patientOf(n, t),
    when: visitWhen(n.appointment_start_date, n.time_zone),
    from: n.from_start_date ? visitWhen(n.from_start_date, n.time_zone) : '',
  };
  // Whose appointment (the patient's own, or another's) and with whom, if anyone.
  const shape = `${bySelf(n) ? 'self' : 'other'}${whom ? 'With' : ''}` as const;
  switch (n.notification_type) {
    case 'Booked':
      return t(`workspace.sentences.booked.${shape}`, words);
    case 'Requested':
      return t(`workspace.sentences.requested.${shape}`, words);
    case 'Canceled':
      return t(`workspace.sentences.canceled.${shape}`, words);
    case 'Rescheduled':
      return words.from
        ? t(`workspace.sentences.movedFrom.${shape}`, words)
        : t(`workspace.sentences.moved.${shape}`, words);
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
