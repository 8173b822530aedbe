import {
  type AppointmentStatus,
  type AppointmentView,
  DASHBOARDS,
  STATUS_TRANSITIONS,
  type UserType,
} from '@medbook/contracts';
import { DateTime } from 'luxon';
import { DATE_FORMATS, formatDate } from '../../shared/i18n/dates';
import { reportsPath, settingsPath } from '../../shared/role-paths';

/** The practice's user types: each works a dashboard, the bell and the requests. */
export const WORKSPACE_TYPES = ['Provider', 'PracticeAdmin', 'Staff'] as const;
export type WorkspaceType = (typeof WORKSPACE_TYPES)[number];

export const isWorkspaceType = (type: UserType): type is WorkspaceType =>
  (WORKSPACE_TYPES as readonly string[]).includes(type);

/** The spec's list filters (section 7 of the first document). */
export interface ListFilters {
  readonly startDate: string;
  readonly endDate: string;
  readonly status: AppointmentStatus | '';
  readonly visitType: '' | 'Office' | 'Telehealth' | 'Resource';
  readonly scheduleType: '' | 'Scheduled' | 'Walk-In';
}

/** The week from today, every status and kind: what a clinic opens its day with. */
export function defaultFilters(today: DateTime): ListFilters {
  return {
    startDate: today.toISODate()!,
    endDate: today.plus({ days: 6 }).toISODate()!,
    status: '',
    visitType: '',
    scheduleType: '',
  };
}

/** A range whose end comes before its start is refused before it reaches the server. */
export const rangeError = (filters: ListFilters): string | null =>
  filters.startDate && filters.endDate && filters.endDate < filters.startDate
    ? 'The end date must not be before the start date.'
    : null;

/** The changes the transition table allows from here; a final status offers none. */
export const nextStatuses = (status: AppointmentStatus): readonly AppointmentStatus[] =>
  STATUS_TRANSITIONS[status];

/** A provider works their own list; staff and admins the practice's. */
export const listScope = (type: WorkspaceType): 'provider' | 'staff' =>
  type === 'Provider' ? 'provider' : 'staff';

/** When, in the facility's zone and the chosen language: 'ccc, MMM d · h:mm a' in English. */
export function visitTime(a: Pick<AppointmentView, 'start_date' | 'time_zone'>): string {
  const start = DateTime.fromISO(a.start_date, { zone: a.time_zone });
  const day = formatDate(start, 'ccc, MMM d', DATE_FORMATS.shortWeekdayMonthDay);
  return `${day} · ${formatDate(start, 'h:mm a', DATE_FORMATS.time)}`;
}

export const scheduleLabel = (a: Pick<AppointmentView, 'visit_schedule_type'>): string =>
  a.visit_schedule_type === 'WalkIn' ? 'Walk-In' : 'Scheduled';

/** Section 2.11: header links show only on addresses containing one of these words. */
const LINK_WORDS = [
  'settings',
  'dashboard',
  'calendar',
  'surveys',
  'add-practice',
  'reviews',
  'consent',
  'analytics',
  'reports',
  'support-agent',
  'digital',
  'request',
  'checkin-report',
  // Ours, not the spec's: the audit trail's page keeps the header's links too.
  'audit',
];

export const headerLinksShown = (pathname: string): boolean =>
  LINK_WORDS.some((word) => pathname.includes(word));

export const REQUESTS_PATH = '/dashboard/appointment-requests';
export const WALK_IN_QUEUE_PATH = '/walk-in-queue';
export const CALENDARS_PATH = '/practice-admin/calendars';
export const AUDIT_PATH = '/practice-admin/audit';
export const ANALYTICS_PATH = '/practice-admin/analytics';
export const SCHEDULE_PATH = '/practice/schedule';
export const WAITLISTS_PATH = '/practice/waitlists';
export const DIRECTORY_PATH = '/practice-admin/directory';
export const KIOSK_PATH = '/kiosk';
export const VACCINATIONS_PATH = '/practice/vaccinations';
/** The spec's Check-In Summary address for each of the practice's roles. */
export const CHECK_IN_SUMMARY_PATHS: Record<WorkspaceType, string> = {
  PracticeAdmin: '/practice-admin/digital-checkin',
  Provider: '/providers/digital-checkin',
  Staff: '/staff-member/digital-checkin',
};
export const REPUTATION_PATH = '/reputation-management/single-sign-on';
/** The spec's Surveys address for each of the practice's roles (staff read the responses). */
export const surveysPath = (type: WorkspaceType, userId: string): string =>
  type === 'PracticeAdmin'
    ? '/practice-admin/surveys'
    : type === 'Provider'
      ? `/providers/${userId}/surveys`
      : '/staff-member/surveys';
export interface MenuLink {
  readonly label: string;
  readonly to: string;
  /** Lives in the More dropdown when there is one. */
  readonly more: boolean;
  readonly badge?: 'requests';
}

/**
 * Section 6's header gating for the practice's users: Dashboard for all; the walk-in queue;
 * Calendar for all three (the calendar editor for practice admins, the schedule's calendar for
 * providers and staff); in More: Requests, with its count badge, only when accept/reject is on,
 * Reports and Settings as `reportsPath` and `settingsPath` give them, Reputation Management only
 * when the login's reputation_setting says the service is active and enabled.
 */
export function menuLinks(
  type: WorkspaceType,
  acceptRejectEnabled: boolean,
  userId = '',
  reputationEnabled = false,
): MenuLink[] {
  const links: MenuLink[] = [
    { label: 'Dashboard', to: DASHBOARDS[type], more: false },
    { label: 'Walk-In Queue', to: WALK_IN_QUEUE_PATH, more: false },
    {
      label: 'Calendar',
      to: type === 'PracticeAdmin' ? CALENDARS_PATH : SCHEDULE_PATH,
      more: false,
    },
  ];
  if (type === 'PracticeAdmin') {
    links.push({ label: 'Audit trail', to: AUDIT_PATH, more: true });
    links.push({ label: 'Analytics', to: ANALYTICS_PATH, more: true });
  }
  if (acceptRejectEnabled) {
    links.push({ label: 'Requests', to: REQUESTS_PATH, more: true, badge: 'requests' });
  }
  const reports = reportsPath(type, userId);
  if (reports) links.push({ label: 'Reports', to: reports, more: true });
  const settings = settingsPath(type, userId);
  if (settings) links.push({ label: 'Settings', to: settings, more: true });
  links.push({ label: 'Surveys', to: surveysPath(type, userId), more: true });
  if (reputationEnabled) {
    links.push({ label: 'Reputation Management', to: REPUTATION_PATH, more: true });
  }
  return links;
}

/** Section 2.11: a More dropdown for practice admins, and on screens under 1500 px. */
export const hasMoreDropdown = (type: WorkspaceType, narrow: boolean): boolean =>
  type === 'PracticeAdmin' || narrow;

/** The item that owns this address: the longest matching path, so /practice-admin/x picks x. */
export const activeNavItem = (items: readonly NavItem[], pathname: string): string | undefined =>
  items
    .flatMap((item) => [item.to, ...(item.owns ?? [])].map((path) => ({ path, to: item.to })))
    .filter(({ path }) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.to;

/** The workspace's pages: a practice user on one of these gets the back office's own shell. */
const WORKSPACE_PATHS = [
  '/dashboard/doctor',
  '/dashboard/practice-staff',
  '/practice-admin/',
  REQUESTS_PATH,
  WALK_IN_QUEUE_PATH,
  '/practice/',
  '/providers/',
  '/staff-member/',
  '/reputation-management/',
];

export const isWorkspacePath = (pathname: string): boolean =>
  WORKSPACE_PATHS.some((path) => pathname === path || pathname.startsWith(path));

export type NavIcon =
  | 'schedule'
  | 'appointments'
  | 'requests'
  | 'walk-in'
  | 'waitlists'
  | 'calendars'
  | 'directory'
  | 'audit'
  | 'analytics'
  | 'reports'
  | 'settings'
  | 'surveys'
  | 'reputation'
  | 'vaccinations'
  | 'kiosk'
  | 'check-in-summary';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  readonly icon: NavIcon;
  readonly badge?: 'requests';
  /** Other pages that belong to this item (booking for a patient starts from the schedule). */
  readonly owns?: readonly string[];
}

/**
 * The workspace's side navigation. Everyone: Schedule, Appointments, Walk-in queue, Waitlists and
 * the check-in kiosk; Requests (with its count) only while accept/reject is on, as the spec's
 * header gating has it; the practice's set-up and reports (Calendars, Directory, Audit, Analytics)
 * for its admins; Reports (a provider's own), Settings and Reputation Management as the header
 * has them.
 */
export function workspaceNav(
  type: WorkspaceType,
  acceptRejectEnabled: boolean,
  userId = '',
  reputationEnabled = false,
): NavItem[] {
  const items: NavItem[] = [
    { label: 'Schedule', to: SCHEDULE_PATH, icon: 'schedule', owns: ['/practice/book'] },
    // A patient's page is reached from the appointment lists: it stays under Appointments.
    {
      label: 'Appointments',
      to: DASHBOARDS[type],
      icon: 'appointments',
      owns: ['/practice/patients'],
    },
    { label: 'Check-In Summary', to: CHECK_IN_SUMMARY_PATHS[type], icon: 'check-in-summary' },
  ];
  if (acceptRejectEnabled) {
    items.push({ label: 'Requests', to: REQUESTS_PATH, icon: 'requests', badge: 'requests' });
  }
  items.push(
    { label: 'Walk-in queue', to: WALK_IN_QUEUE_PATH, icon: 'walk-in' },
    { label: 'Waitlists', to: WAITLISTS_PATH, icon: 'waitlists' },
    { label: 'Vaccinations', to: VACCINATIONS_PATH, icon: 'vaccinations' },
  );
  if (type === 'PracticeAdmin') {
    items.push(
      { label: 'Calendars', to: CALENDARS_PATH, icon: 'calendars' },
      { label: 'Directory', to: DIRECTORY_PATH, icon: 'directory' },
      { label: 'Audit trail', to: AUDIT_PATH, icon: 'audit' },
      { label: 'Analytics', to: ANALYTICS_PATH, icon: 'analytics' },
    );
  }
  const reports = reportsPath(type, userId);
  if (reports) items.push({ label: 'Reports', to: reports, icon: 'reports' });
  const settings = settingsPath(type, userId);
  if (settings) items.push({ label: 'Settings', to: settings, icon: 'settings' });
  items.push({ label: 'Surveys', to: surveysPath(type, userId), icon: 'surveys' });
  if (reputationEnabled) {
    items.push({ label: 'Reputation Management', to: REPUTATION_PATH, icon: 'reputation' });
  }
  items.push({ label: 'Check-in kiosk', to: KIOSK_PATH, icon: 'kiosk' });
  return items;
}
