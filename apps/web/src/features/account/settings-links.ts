import { DASHBOARDS, type UserType } from '@medbook/contracts';
import { reportsPath } from '../../shared/role-paths';

export interface SettingsLink {
  readonly title: string;
  readonly explanation: string;
  readonly to: string;
}

/**
 * What a user can set, and where (the Settings page lists these and, below, changes the
 * password): the practice's calendars hold online booking, accept/reject, waitlist and
 * check-in settings; its directory the facilities, providers, resources and visit reasons.
 */
export function settingsLinks(type: UserType, userId: string): SettingsLink[] {
  const reports = reportsPath(type, userId);
  const links: SettingsLink[] = [];
  if (type === 'PracticeAdmin') {
    links.push(
      {
        title: 'Calendars',
        explanation:
          'Hours, visit types, online booking, accept/reject of requests, waitlist and check-in for each calendar.',
        to: '/practice-admin/calendars',
      },
      {
        title: 'Directory',
        explanation: 'Facilities, providers, resources and visit reasons.',
        to: '/practice-admin/directory',
      },
      {
        title: 'Audit trail',
        explanation: 'Who changed what, and when.',
        to: '/practice-admin/audit',
      },
    );
  }
  if (type === 'Provider') {
    links.push({
      title: 'Calendar',
      explanation:
        'Your schedule. Your practice admin sets your calendars’ hours and whether requests wait for accept/reject.',
      to: '/practice/schedule',
    });
  }
  if (reports) {
    links.push({
      title: 'Reports',
      explanation: 'Appointments by period, provider and status, as a table or a CSV file.',
      to: reports,
    });
  }
  if (type === 'Patient') {
    links.push({
      title: 'Appointments',
      explanation: 'Your and your family’s visits: reschedule, cancel or check in.',
      to: DASHBOARDS.Patient,
    });
  }
  return links;
}
