import { siteMenu } from './site-menu-rules';

const labels = (entries: ReturnType<typeof siteMenu>) => entries.map((e) => e.label);

describe('site menu (spec 2.11, for users outside a practice)', () => {
  it('gives patients an Appointments menu and Settings where header links show', () => {
    const entries = siteMenu({ id: 'p1', type: 'Patient' }, '/dashboard/patient', true);
    expect(labels(entries)).toEqual(['Appointments', 'Settings']);
    expect(entries[0]!.items).toEqual([
      { label: 'My appointments', to: '/dashboard/patient' },
      { label: 'Book an appointment', to: '/provider-search' },
    ]);
    expect(entries[1]!.to).toBe('/patient/settings/edit');
    expect(siteMenu({ id: 'p1', type: 'Patient' }, '/provider-search', false)).toEqual([]);
  });

  it('labels the dashboard Practices for super users and Dashboard for the others', () => {
    expect(siteMenu({ id: 's', type: 'SuperUser' }, '/super-user/dashboard', true)).toEqual([
      { label: 'Practices', to: '/super-user/dashboard' },
    ]);
    expect(labels(siteMenu({ id: 'f', type: 'FinancialSuperUser' }, '/dashboard/x', true))).toEqual(
      ['Dashboard', 'Settings'],
    );
    expect(
      labels(siteMenu({ id: 'a', type: 'SupportAgent' }, '/support-agent/dashboard', true)),
    ).toEqual(['Dashboard']);
  });

  it('shows visitors For Doctors, and Manage Appointments to the login on practice pages', () => {
    expect(siteMenu(null, '/', false)).toEqual([
      { label: 'For Doctors', to: '/?utm_source=for-doctors' },
    ]);
    expect(siteMenu(null, '/practice/abc', false)).toEqual([
      { label: 'For Doctors', to: '/?utm_source=for-doctors' },
      { label: 'Manage Appointments', to: '/login', emphasis: true },
    ]);
  });
});
