import { DASHBOARDS, type UserView } from '@medbook/contracts';
import { settingsPath } from '../shared/role-paths';

export interface SiteMenuEntry {
  readonly label: string;
  /** A link, or a dropdown of `items`. */
  readonly to?: string;
  readonly items?: readonly { readonly label: string; readonly to: string }[];
  readonly emphasis?: boolean;
}

/** The practices' landing page: the root with the marketing-source marker. */
export const FOR_DOCTORS_PATH = '/?utm_source=for-doctors';

/**
 * Spec 2.11's menu for the users outside a practice. Signed in, on the addresses that show header
 * links: Dashboard (Appointments for patients, Practices for super users) and Settings where the
 * role has it; the patient's Appointments is a menu (their visits, book another). Visitors get For
 * Doctors, and on practice/ pages Manage Appointments (to the login).
 */
export function siteMenu(
  user: Pick<UserView, 'id' | 'type'> | null,
  pathname: string,
  linksShown: boolean,
): SiteMenuEntry[] {
  if (!user || user.type === 'Guest') {
    const entries: SiteMenuEntry[] = [{ label: 'For Doctors', to: FOR_DOCTORS_PATH }];
    if (pathname.startsWith('/practice/')) {
      entries.push({ label: 'Manage Appointments', to: '/login', emphasis: true });
    }
    return entries;
  }
  if (!linksShown) return [];
  const entries: SiteMenuEntry[] = [];
  if (user.type === 'Patient') {
    entries.push({
      label: 'Appointments',
      items: [
        { label: 'My appointments', to: DASHBOARDS.Patient },
        { label: 'Book an appointment', to: '/provider-search' },
      ],
    });
  } else {
    entries.push({
      label: user.type === 'SuperUser' ? 'Practices' : 'Dashboard',
      to: DASHBOARDS[user.type],
    });
  }
  const settings = settingsPath(user.type, user.id);
  if (settings) entries.push({ label: 'Settings', to: settings });
  return entries;
}
