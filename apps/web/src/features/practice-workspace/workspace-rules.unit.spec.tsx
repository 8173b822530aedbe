import { APPOINTMENT_STATUSES, type AppointmentView } from '@medbook/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { setLanguage } from '../../shared/i18n';
import { StatusChangeMenu } from './components/status-change-menu';
import {
  defaultFilters,
  activeNavItem,
  hasMoreDropdown,
  headerLinksShown,
  isWorkspacePath,
  menuLinks,
  nextStatuses,
  rangeError,
  visitTime,
  workspaceNav,
} from './workspace-rules';

const appointment = (status: AppointmentView['status']) =>
  ({ appointment_id: 'a', status, patient_name: 'Rosa Diaz' }) as AppointmentView;

describe('practice workspace rules', () => {
  it('offers exactly the transition table’s next statuses, none from a final one', () => {
    expect(nextStatuses('Pending')).toEqual(['Accepted', 'Rejected', 'Canceled']);
    expect(nextStatuses('In Progress')).toEqual(['Checked-Out']);
    for (const final of ['Checked-Out', 'Canceled', 'Rejected', 'No-Show'] as const) {
      expect(nextStatuses(final)).toEqual([]);
    }
    for (const status of APPOINTMENT_STATUSES) expect(nextStatuses(status)).not.toContain(status);
  });

  it('opens on the coming week and refuses a range that ends before it starts', () => {
    const filters = defaultFilters(DateTime.fromISO('2026-03-10'));
    expect(filters).toEqual({
      startDate: '2026-03-10',
      endDate: '2026-03-16',
      status: '',
      visitType: '',
      scheduleType: '',
    });
    expect(rangeError(filters)).toBeNull();
    expect(rangeError({ ...filters, endDate: '2026-03-09' })).toBe(
      'The end date must not be before the start date.',
    );
  });

  it('shows header links only on the spec’s addresses', () => {
    expect(headerLinksShown('/dashboard/doctor')).toBe(true);
    expect(headerLinksShown('/dashboard/appointment-requests')).toBe(true);
    expect(headerLinksShown('/practice-admin/calendars')).toBe(true);
    expect(headerLinksShown('/')).toBe(false);
    expect(headerLinksShown('/provider-search')).toBe(false);
  });

  it('gates the menu per user type and the accept/reject setting', () => {
    const labels = (links: ReturnType<typeof menuLinks>) => links.map((l) => l.label);
    expect(labels(menuLinks('Provider', true, '', true))).toEqual([
      'Dashboard',
      'Walk-In Queue',
      'Calendar',
      'Requests',
      'Reports',
      'Settings',
      'Surveys',
      'Reputation Management',
    ]);
    expect(labels(menuLinks('Staff', false, '', true))).toEqual([
      'Dashboard',
      'Walk-In Queue',
      'Calendar',
      'Surveys',
      'Reputation Management',
    ]);
    // Reputation Management only when the login's reputation_setting says it is enabled.
    expect(labels(menuLinks('Staff', false))).toEqual([
      'Dashboard',
      'Walk-In Queue',
      'Calendar',
      'Surveys',
    ]);
    expect(labels(menuLinks('PracticeAdmin', true, '', true))).toEqual([
      'Dashboard',
      'Walk-In Queue',
      'Calendar',
      'Audit trail',
      'Analytics',
      'Requests',
      'Reports',
      'Settings',
      'Surveys',
      'Reputation Management',
    ]);
    // Each role's Surveys address; the reputation service's sign-on for all three.
    expect(menuLinks('Provider', false, 'p1').find((l) => l.label === 'Surveys')?.to).toBe(
      '/providers/p1/surveys',
    );
    expect(menuLinks('Staff', false).find((l) => l.label === 'Surveys')?.to).toBe(
      '/staff-member/surveys',
    );
    expect(
      menuLinks('PracticeAdmin', false, '', true).find((l) => l.label === 'Reputation Management')
        ?.to,
    ).toBe('/reputation-management/single-sign-on');
    // The audit trail is the practice admins' alone, in the More menu, and keeps the header.
    expect(menuLinks('PracticeAdmin', false).find((l) => l.label === 'Audit trail')).toMatchObject({
      to: '/practice-admin/audit',
      more: true,
    });
    expect(headerLinksShown('/practice-admin/audit')).toBe(true);
    expect(menuLinks('PracticeAdmin', false).find((l) => l.label === 'Analytics')).toMatchObject({
      to: '/practice-admin/analytics',
      more: true,
    });
    expect(headerLinksShown('/practice-admin/analytics')).toBe(true);
    expect(menuLinks('PracticeAdmin', true).find((l) => l.label === 'Requests')).toMatchObject({
      to: '/dashboard/appointment-requests',
      more: true,
      badge: 'requests',
    });
    expect(menuLinks('Staff', true)[0]!.to).toBe('/dashboard/practice-staff');
    expect(hasMoreDropdown('PracticeAdmin', false)).toBe(true);
    expect(hasMoreDropdown('Provider', false)).toBe(false);
    expect(hasMoreDropdown('Provider', true)).toBe(true);
  });
});

describe('StatusChangeMenu', () => {
  it('lists the allowed next statuses and reports the choice', () => {
    const onChange = jest.fn();
    render(
      <StatusChangeMenu appointment={appointment('Checked-In')} busy={false} onChange={onChange} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Change status of Rosa Diaz/ }));
    const options = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(options).toEqual(['Waiting-Room', 'In Progress', 'Checked-Out', 'Canceled']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'In Progress' }));
    expect(onChange).toHaveBeenCalledWith('In Progress');
  });

  it('offers nothing for a final status', () => {
    const { container } = render(
      <StatusChangeMenu
        appointment={appointment('Canceled')}
        busy={false}
        onChange={() => undefined}
      />,
    );
    expect(container.textContent).toBe('');
  });

  it('gives the workspace its navigation: set-up and reports for admins, Requests while accept/reject is on', () => {
    const labels = (type: Parameters<typeof workspaceNav>[0], acceptReject: boolean) =>
      workspaceNav(type, acceptReject, '', true).map((item) => item.label);
    // Without reputation management set up, no Reputation Management.
    expect(workspaceNav('Staff', false).map((item) => item.label)).not.toContain(
      'Reputation Management',
    );
    expect(labels('Staff', false)).toEqual([
      'Schedule',
      'Appointments',
      'Check-In Summary',
      'Walk-in queue',
      'Waitlists',
      'Vaccinations',
      'Surveys',
      'Reputation Management',
      'Check-in kiosk',
    ]);
    expect(labels('Provider', true)).toEqual([
      'Schedule',
      'Appointments',
      'Check-In Summary',
      'Requests',
      'Walk-in queue',
      'Waitlists',
      'Vaccinations',
      'Reports',
      'Settings',
      'Surveys',
      'Reputation Management',
      'Check-in kiosk',
    ]);
    expect(labels('PracticeAdmin', true)).toEqual([
      'Schedule',
      'Appointments',
      'Check-In Summary',
      'Requests',
      'Walk-in queue',
      'Waitlists',
      'Vaccinations',
      'Calendars',
      'Directory',
      'Audit trail',
      'Analytics',
      'Reports',
      'Settings',
      'Surveys',
      'Reputation Management',
      'Check-in kiosk',
    ]);
    expect(workspaceNav('Provider', false)[1]?.to).toBe('/dashboard/doctor');
    expect(workspaceNav('Staff', false)[1]?.to).toBe('/dashboard/practice-staff');
    // The spec's Check-In Summary address of each role.
    expect(workspaceNav('Staff', false)[2]?.to).toBe('/staff-member/digital-checkin');
    expect(workspaceNav('Provider', false)[2]?.to).toBe('/providers/digital-checkin');
    expect(workspaceNav('PracticeAdmin', false)[2]?.to).toBe('/practice-admin/digital-checkin');
  });

  it('marks the page’s own item, the schedule while booking for a patient', () => {
    const items = workspaceNav('PracticeAdmin', true);
    expect(activeNavItem(items, '/practice/book')).toBe('/practice/schedule');
    expect(activeNavItem(items, '/practice-admin/audit')).toBe('/practice-admin/audit');
    expect(activeNavItem(items, '/practice-admin/dashboard')).toBe('/practice-admin/dashboard');
    expect(activeNavItem(items, '/walk-in-queue')).toBe('/walk-in-queue');
    expect(activeNavItem(items, '/practice/patients/p1')).toBe('/practice-admin/dashboard');
    expect(activeNavItem(items, '/account')).toBeUndefined();
  });

  it('keeps the workspace shell on every workspace page and off the patient site', () => {
    for (const path of [
      '/practice/schedule',
      '/practice/book',
      '/practice/waitlists',
      '/walk-in-queue',
      '/dashboard/appointment-requests',
      '/dashboard/doctor',
      '/dashboard/practice-staff',
      '/practice-admin/dashboard',
      '/practice-admin/calendars',
      '/practice-admin/audit',
    ]) {
      expect(isWorkspacePath(path)).toBe(true);
    }
    for (const path of [
      '/',
      '/provider-search',
      '/booking',
      '/dashboard/patient',
      '/kiosk',
      '/account',
    ]) {
      expect(isWorkspacePath(path)).toBe(false);
    }
  });
});

describe("a visit's time", () => {
  const visit = { start_date: '2026-03-12T14:30:00Z', time_zone: 'America/Chicago' };

  it("reads 'ccc, MMM d · h:mm a' in the facility's zone", () => {
    expect(visitTime(visit)).toBe('Thu, Mar 12 · 9:30 AM');
  });

  it('reads in Spanish when Spanish is chosen', async () => {
    await setLanguage('es');
    try {
      expect(visitTime(visit)).toBe('jue, 12 mar · 9:30');
    } finally {
      await setLanguage('en');
      localStorage.clear();
    }
  });
});
