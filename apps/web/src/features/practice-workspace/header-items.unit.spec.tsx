import { USER_TYPES } from '@medbook/contracts';
import { reportsPath, settingsPath } from '../../shared/role-paths';
import { hasMoreDropdown, menuLinks, workspaceNav } from './workspace-rules';

// Spec 2.11 and 6: which header items each role gets, and where each leads.

const links = (type: Parameters<typeof menuLinks>[0], acceptReject = false) =>
  Object.fromEntries(menuLinks(type, acceptReject, 'u1').map((l) => [l.label, l]));

describe('header items per role', () => {
  it('gives Calendar to practice admins, providers and staff, the admins the calendar editor', () => {
    expect(links('PracticeAdmin')['Calendar']).toMatchObject({
      to: '/practice-admin/calendars',
      more: false,
    });
    expect(links('Provider')['Calendar']).toMatchObject({ to: '/practice/schedule', more: false });
    expect(links('Staff')['Calendar']).toMatchObject({ to: '/practice/schedule', more: false });
  });

  it('puts Reports in More for admins (the practice) and providers (their own), not staff', () => {
    expect(links('PracticeAdmin')['Reports']).toMatchObject({
      to: '/practice-admin/reports/analytics',
      more: true,
    });
    expect(links('Provider')['Reports']).toMatchObject({
      to: '/providers/u1/reports/analytics',
      more: true,
    });
    expect(links('Staff')['Reports']).toBeUndefined();
  });

  it('puts Settings in More for providers and practice admins, not staff', () => {
    expect(links('PracticeAdmin')['Settings']).toMatchObject({
      to: '/practice-admin/settings',
      more: true,
    });
    expect(links('Provider')['Settings']).toMatchObject({
      to: '/providers/u1/settings',
      more: true,
    });
    expect(links('Staff')['Settings']).toBeUndefined();
  });

  it('shows Requests with its count badge only while accept/reject is on', () => {
    for (const type of ['PracticeAdmin', 'Provider', 'Staff'] as const) {
      expect(links(type, true)['Requests']).toMatchObject({ badge: 'requests', more: true });
      expect(links(type, false)['Requests']).toBeUndefined();
    }
  });

  it('has a More dropdown for practice admins, and for everyone under 1500 px', () => {
    expect(hasMoreDropdown('PracticeAdmin', false)).toBe(true);
    expect(hasMoreDropdown('Provider', false)).toBe(false);
    expect(hasMoreDropdown('Staff', true)).toBe(true);
  });

  it('keeps the workspace navigation and the header on the same addresses', () => {
    for (const type of ['PracticeAdmin', 'Provider', 'Staff'] as const) {
      const nav = workspaceNav(type, true, 'u1').map((item) => item.to);
      for (const label of ['Reports', 'Settings', 'Requests'] as const) {
        const link = links(type, true)[label];
        if (link) expect(nav).toContain(link.to);
      }
    }
  });

  it('gives Settings to providers, practice admins, patients and the financial super user only', () => {
    const withSettings = USER_TYPES.filter((type) => settingsPath(type, 'u1') !== null);
    expect(withSettings).toEqual(['Patient', 'Provider', 'PracticeAdmin', 'FinancialSuperUser']);
    expect(settingsPath('Patient', 'u1')).toBe('/patient/settings/edit');
    expect(settingsPath('FinancialSuperUser', 'u1')).toBe('/super-user/settings');
    const withReports = USER_TYPES.filter((type) => reportsPath(type, 'u1') !== null);
    expect(withReports).toEqual(['Provider', 'PracticeAdmin']);
  });
});
